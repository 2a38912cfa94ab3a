import { describe, expect, it } from 'vitest';
import {
  formatBirthday,
  formatBusinessNumberInput,
  formatBytes,
  formatMobileInput,
  isCode,
  isEmail,
  passwordErrors,
} from './account-rules';
import { safeRedirect } from './session.server';

const t = (key: string) => key;

describe('account input helpers', () => {
  it('formats mobile numbers while they are typed', () => {
    expect(formatMobileInput('010')).toBe('010');
    expect(formatMobileInput('0101234')).toBe('010-1234');
    expect(formatMobileInput('01012345678')).toBe('010-1234-5678');
    expect(formatMobileInput('0111234567')).toBe('011-123-4567');
    expect(formatMobileInput('010-1234-5678-999')).toBe('010-1234-5678');
  });

  it('formats business registration numbers as 123-45-67890', () => {
    expect(formatBusinessNumberInput('123')).toBe('123');
    expect(formatBusinessNumberInput('12345')).toBe('123-45');
    expect(formatBusinessNumberInput('1248100998')).toBe('124-81-00998');
    expect(formatBusinessNumberInput('124-81-009981234')).toBe('124-81-00998');
  });

  it('checks e-mails and codes', () => {
    expect(isEmail(' a@b.co ')).toBe(true);
    expect(isEmail('a@b')).toBe(false);
    expect(isCode('123456')).toBe(true);
    expect(isCode('12345')).toBe(false);
  });

  it('reports the first problem of a new password and its confirmation', () => {
    expect(passwordErrors(t, '', '')).toEqual({
      password: 'validation.passwordRequired',
      passwordConfirm: 'validation.passwordConfirmRequired',
    });
    expect(passwordErrors(t, 'short1!', 'short1!')).toEqual({ password: 'validation.passwordRule' });
    expect(passwordErrors(t, 'Wine!2345', 'Wine!2346')).toEqual({ passwordConfirm: 'validation.passwordConfirm' });
    expect(passwordErrors(t, 'Wine!2345', 'Wine!2345')).toEqual({});
  });

  it('formats birthdays and sizes for display', () => {
    expect(formatBirthday('19990101')).toBe('1999-01-01');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(2048)).toBe('2.0 KB');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3.0 MB');
  });
});

describe('safeRedirect', () => {
  it('follows only same-site paths', () => {
    expect(safeRedirect('/mypage/profile?x=1')).toBe('/mypage/profile?x=1');
    expect(safeRedirect('https://evil.example/')).toBe('/mypage');
    expect(safeRedirect('//evil.example/')).toBe('/mypage');
    expect(safeRedirect('/\\evil.example')).toBe('/mypage');
    expect(safeRedirect('/a\nb')).toBe('/mypage');
    expect(safeRedirect('/account/login?redirect=/x')).toBe('/mypage');
    expect(safeRedirect(null, '/')).toBe('/');
  });
});
