import { describe, expect, it } from 'vitest';
import {
  formatBusinessNumber,
  isAdultBirthday,
  isValidBirthday,
  isValidBusinessNumber,
  isValidPassword,
  maskEmail,
  maskMobile,
  maskName,
  normalizeMobile,
} from './rules';

describe('account rules', () => {
  it('checks the business registration number checksum', () => {
    expect(isValidBusinessNumber('124-81-00998')).toBe(true);
    expect(isValidBusinessNumber('2208162517')).toBe(true);
    expect(isValidBusinessNumber('1248100999')).toBe(false);
    expect(isValidBusinessNumber('123456789')).toBe(false);
    expect(isValidBusinessNumber('12345678ab')).toBe(false);
    expect(formatBusinessNumber('1248100998')).toBe('124-81-00998');
  });

  it('normalizes Korean mobile numbers to 010-1234-5678', () => {
    expect(normalizeMobile('01012345678')).toBe('010-1234-5678');
    expect(normalizeMobile('010 1234 5678')).toBe('010-1234-5678');
    expect(normalizeMobile('011-123-4567')).toBe('011-123-4567');
    expect(normalizeMobile('02-1234-5678')).toBeNull();
    expect(normalizeMobile('010-1234-567')).toBeNull();
  });

  it('accepts real YYYYMMDD dates only, and signs up adults (19+) only', () => {
    const today = new Date(2026, 10, 21);
    expect(isValidBirthday('19990101', today)).toBe(true);
    expect(isValidBirthday('19990229', today)).toBe(false);
    expect(isValidBirthday('1999-01-01', today)).toBe(false);
    expect(isValidBirthday('20270101', today)).toBe(false);
    expect(isAdultBirthday('20071121', today)).toBe(true);
    expect(isAdultBirthday('20071122', today)).toBe(false);
  });

  it('applies the spec password rule', () => {
    expect(isValidPassword('Wine!2345')).toBe(true);
    expect(isValidPassword('wine2345')).toBe(false);
    expect(isValidPassword('Wine!abc')).toBe(false);
    expect(isValidPassword('W!1')).toBe(false);
    expect(isValidPassword(`Wine!2345${'x'.repeat(42)}`)).toBe(false);
  });

  it('masks personal data', () => {
    expect(maskEmail('abcdef@example.com')).toBe('ab***@example.com');
    expect(maskEmail('a@example.com')).toBe('a***@example.com');
    expect(maskMobile('010-1234-5678')).toBe('010-****-5678');
    expect(maskName('홍길동')).toBe('홍*동');
    expect(maskName('김철')).toBe('김*');
  });
});
