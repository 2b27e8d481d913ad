import { describe, expect, it } from 'vitest';
import { languageToStore } from './language-sync';

describe('the account follows the language chosen in the app', () => {
  it('stores the chosen language when a signed-in account has another one', () => {
    expect(languageToStore('authenticated', 'en', 'hi')).toBe('hi');
    expect(languageToStore('authenticated', 'hi', 'en')).toBe('en');
  });

  it('does nothing when they agree, for guests, while loading, or when the server sends no language', () => {
    expect(languageToStore('authenticated', 'hi', 'hi')).toBeNull();
    expect(languageToStore('guest', 'en', 'hi')).toBeNull();
    expect(languageToStore('loading', 'en', 'hi')).toBeNull();
    expect(languageToStore('authenticated', undefined, 'hi')).toBeNull();
  });
});
