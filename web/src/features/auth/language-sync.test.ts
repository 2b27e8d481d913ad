import { describe, expect, it } from 'vitest';
import { languageAction, languageToStore } from './language-sync';

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

describe('the language follows the account to a new device', () => {
  const fresh = { chosenHere: false, account: null };
  it('adopts the account’s language on a device that has not agreed with this account yet', () => {
    // the old rule overwrote the account with the new device's default
    expect(languageAction('authenticated', 'u1', 'hi', 'en', fresh)).toEqual({ adopt: 'hi' });
    expect(languageAction('authenticated', 'u1', 'hi', 'en', { chosenHere: false, account: 'u2' })).toEqual({ adopt: 'hi' });
  });
  it('stores the language the person just chose here, or chose on a device that agrees with the account', () => {
    expect(languageAction('authenticated', 'u1', 'hi', 'en', { chosenHere: true, account: null })).toEqual({ store: 'en' });
    expect(languageAction('authenticated', 'u1', 'en', 'hi', { chosenHere: false, account: 'u1' })).toEqual({ store: 'hi' });
  });
  it('does nothing when they agree, for guests, or without a stored language', () => {
    expect(languageAction('authenticated', 'u1', 'hi', 'hi', fresh)).toBeNull();
    expect(languageAction('guest', undefined, undefined, 'hi', fresh)).toBeNull();
    expect(languageAction('authenticated', 'u1', undefined, 'hi', fresh)).toBeNull();
  });
});
