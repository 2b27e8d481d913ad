import { describe, expect, it } from 'vitest';
import { emptyListingsKind } from './ProfilePage';
import { avatarPath } from './ProfileSteps';

describe('the profile’s empty listings', () => {
  it('tells nothing posted, all sold and nothing live apart', () => {
    expect(emptyListingsKind(undefined)).toBe('none');
    expect(emptyListingsKind({ all: 0, sold: 0 })).toBe('none');
    expect(emptyListingsKind({ all: 3, sold: 3 })).toBe('all-sold');
    expect(emptyListingsKind({ all: 3, sold: 1 })).toBe('none-live');
  });
});

describe('avatarPath', () => {
  it('keeps our own uploaded photo as a same-site media path (the server accepts that or https://)', () => {
    expect(avatarPath('http://localhost:8816/api/media/u/usr_1/a.jpg', 'http://localhost:8816')).toBe('/api/media/u/usr_1/a.jpg');
    expect(avatarPath('https://sel.example/api/media/u/usr_1/a.jpg', 'https://sel.example')).toBe('/api/media/u/usr_1/a.jpg');
    expect(avatarPath('https://cdn.example/x.jpg', 'https://sel.example')).toBe('https://cdn.example/x.jpg');
  });
});
