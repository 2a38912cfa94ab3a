import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@podo/i18n';
import { groupDigitText, groupDigits } from './format';

describe('groupDigits', () => {
  const values = [0, 7, 999, 1000, 12345, 38000, 1234567, 1500000, 987654321, 2 ** 53 + 2, -1, -1000, -1234567];
  it.each(LANGUAGES)('writes integers as toLocaleString does in %s', (lang) => {
    for (const n of values) expect(groupDigits(n)).toBe(n.toLocaleString(lang));
  });
  it('rounds to whole numbers as prices are shown', () => {
    expect(groupDigits(1200.4)).toBe('1,200');
    expect(groupDigits(1200.5)).toBe('1,201');
    expect(groupDigits(-0.2)).toBe('0');
  });
  it('leaves non-finite numbers as they are', () => {
    expect(groupDigits(Number.NaN)).toBe('NaN');
    expect(groupDigits(Infinity)).toBe('Infinity');
  });
});

describe('groupDigitText', () => {
  it('groups the digits of typed text', () => {
    expect(groupDigitText('38000원')).toBe('38,000');
    expect(groupDigitText('1,500,000')).toBe('1,500,000');
    expect(groupDigitText('007')).toBe('7');
    expect(groupDigitText('000')).toBe('0');
    expect(groupDigitText('abc')).toBe('');
    expect(groupDigitText('123456789012345678901234')).toBe('123,456,789,012,345,678,901,234');
  });
});
