import type { Language } from '@podo/i18n';
import { groupDigits } from '../../lib/format';

/** KRW with thousands separators and no decimals: '38,000원' in Korean, '₩38,000' in the other languages. */
export function formatKrw(n: number, lang: Language | string): string {
  const digits = groupDigits(n);
  return lang === 'ko-KR' ? `${digits}원` : `₩${digits}`;
}

/** A price in KRW; `label` (e.g. '도매가') is read before it by screen readers and shown when `showLabel`. */
export function Price({
  value,
  lang,
  className,
  label,
  showLabel = false,
}: {
  value: number;
  lang: Language | string;
  className?: string;
  label?: string;
  showLabel?: boolean;
}) {
  return (
    <span className={`price ${className ?? ''}`.trim()}>
      {label ? <span className={showLabel ? 'price-label' : 'visually-hidden'}>{label} </span> : null}
      <span className="price-value">{formatKrw(value, lang)}</span>
    </span>
  );
}

/** A translated sentence with the count in bold ('총 <b>392</b>개'), without the Trans component's weight. */
export function CountText({ text, count }: { text: (count: string) => string; count: number }) {
  const mark = '\u0000';
  const [before, after = ''] = text(mark).split(mark);
  return (
    <>
      {before}
      <b>{groupDigits(count)}</b>
      {after}
    </>
  );
}
