import { describe, expect, it } from 'vitest';
import { isValidPassword } from '@podo/contracts';
import { assertPasswordAllowed, hashPassword, isCommonPassword, verifyPassword } from './passwords';
import COMMON from './common-passwords.json';

const refused = (pw: string, who = {}) => {
  try {
    assertPasswordAllowed(pw, who);
    return false;
  } catch (e) {
    expect((e as { code: string }).code).toBe('PASSWORD_TOO_COMMON');
    return true;
  }
};

describe('passwords', () => {
  it('hashes with argon2id and verifies; a replaced hash never matches', async () => {
    const h = await hashPassword('Grape#Harvest92');
    expect(h).toMatch(/^\$argon2id\$v=19\$/);
    expect(await verifyPassword(h, 'Grape#Harvest92')).toBe(true);
    expect(await verifyPassword(h, 'Grape#Harvest93')).toBe(false);
    expect(await verifyPassword('!withdrawn:abc', 'Grape#Harvest92')).toBe(false);
  });

  it('keeps a blocklist of a few hundred common passwords and keyboard/Korean patterns', () => {
    expect(COMMON.length).toBeGreaterThan(300);
    for (const p of [
      'qwer1234',
      '1q2w3e4r',
      'asdf1234',
      'password1',
      'abcd1234',
      'a123456789',
      'iloveyou1',
      'qwerty123',
      'zxcv1234',
      'wine1234',
      'admin123',
      'welcome1',
      'tkfkdgo123',
    ]) {
      expect(isCommonPassword(p), p).toBe(true);
    }
  });

  it('refuses common passwords that pass the format rule, whatever the case, specials or leetspeak', () => {
    for (const pw of [
      'Qwer1234!',
      'qwer!234',
      '!Qwer1234',
      'P@ssw0rd',
      'P@ssw0rd1',
      'Passw0rd!',
      'Pa$$word1',
      '1q2w3e4r!',
      'Welcome1!',
      'Adm1n123!',
      'Wine-1234',
      'A123456789#',
      'iloveyou1!',
      'W3lcome1!',
    ]) {
      expect(isValidPassword(pw), pw).toBe(true);
      expect(refused(pw), pw).toBe(true);
    }
  });

  it('refuses a password containing the e-mail name (4+ characters) or the Latin name', () => {
    expect(refused('hong.gildong#1', { email: 'Hong.Gildong@example.com' })).toBe(true);
    expect(refused('xxHONGGIL!9', { email: 'honggil@example.com' })).toBe(true);
    expect(refused('Smith#2024ok', { fullName: 'John Smith' })).toBe(false);
    expect(refused('JohnSmith#24', { fullName: 'John Smith' })).toBe(true);
    // Short local parts are too common to refuse on.
    expect(refused('kimWine#2024', { email: 'kim@example.com' })).toBe(false);
  });

  it('accepts ordinary strong passwords', () => {
    for (const pw of ['Grape#Harvest92', 'Buyer!2345', 'Merlot-Night-7', 'ckd8#Fq2vz']) expect(refused(pw), pw).toBe(false);
  });
});
