import { describe, expect, it } from 'vitest';
import { sameUserName, userNameKey } from './user-name';

describe('userNameKey', () => {
  it.each([
    ['Ömer', 'ömer'],
    ['ÖMER', 'ömer'],
    // 'O' followed by a combining diaeresis is the same name as the precomposed 'Ö'.
    ['O\u0308mer', 'ömer'],
    ['STRASSE', 'straße'],
    ['ﬁat', 'FIAT'],
    ['Ｒａｖｉ', 'ravi'],
    ['ΟΔΥΣΣΕΥΣ', 'οδυσσευς'],
  ])('treats %s and %s as one name', (a, b) => {
    expect(userNameKey(a)).toBe(userNameKey(b));
    expect(sameUserName(a, b)).toBe(true);
  });

  it('keeps different names apart', () => {
    expect(sameUserName('omer', 'ömer')).toBe(false);
    expect(sameUserName('ravi', 'ravi1')).toBe(false);
  });

  it('is stable: the key of a key is the key', () => {
    for (const name of ['Ömer', 'İstanbul', 'straße', 'ǅemal', 'ﬃ', 'Ⅻ']) {
      const key = userNameKey(name);
      expect(userNameKey(key)).toBe(key);
    }
  });
});
