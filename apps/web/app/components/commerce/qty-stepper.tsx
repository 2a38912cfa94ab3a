import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** The nearest quantity the case pack allows: at least `min`, a multiple of `step`, at most `max` (when max ≥ min). */
export function snapQty(qty: number, pack: { step: number; min: number; max?: number }): number {
  const { step, min } = pack;
  let q = Number.isFinite(qty) ? Math.round(qty / step) * step : min;
  if (q < min) q = min;
  if (pack.max !== undefined && pack.max >= min && q > pack.max) q = Math.floor(pack.max / step) * step;
  return Math.max(q, min);
}

/**
 * A quantity with − and + buttons that move by the case pack's step (1 bottle, or a 6/12 case) between the minimum
 * and the stock. The number can be typed too; it snaps to the pack when it leaves the field.
 */
export function QtyStepper({
  name,
  value,
  step,
  min,
  max,
  label,
  onChange,
  disabled = false,
  size = 'md',
}: {
  name: string;
  value: number;
  step: number;
  min: number;
  max?: number;
  label: string;
  onChange: (qty: number) => void;
  disabled?: boolean;
  size?: 'sm' | 'md';
}) {
  const { t } = useTranslation();
  const id = useId();
  const pack = { step, min, ...(max !== undefined ? { max } : {}) };
  const canDown = !disabled && value - step >= min;
  const canUp = !disabled && (max === undefined || value + step <= max);
  return (
    <div className={`qty-stepper is-${size}`} role="group" aria-labelledby={`${id}-label`} data-testid="qty-stepper">
      <span id={`${id}-label`} className="visually-hidden">
        {label}
      </span>
      <button
        type="button"
        className="qty-btn"
        onClick={() => onChange(snapQty(value - step, pack))}
        disabled={!canDown}
        aria-label={t('commerce.qtyDown', { step })}
        data-testid="qty-down"
      >
        −
      </button>
      <input
        id={id}
        name={name}
        type="number"
        inputMode="numeric"
        className="qty-input"
        value={value}
        min={min}
        step={step}
        max={max}
        disabled={disabled}
        aria-label={label}
        onChange={(e) => {
          const n = Number(e.currentTarget.value);
          if (Number.isFinite(n) && n > 0) onChange(n);
        }}
        onBlur={(e) => onChange(snapQty(Number(e.currentTarget.value), pack))}
        data-testid="qty-input"
      />
      <button
        type="button"
        className="qty-btn"
        onClick={() => onChange(snapQty(value + step, pack))}
        disabled={!canUp}
        aria-label={t('commerce.qtyUp', { step })}
        data-testid="qty-up"
      >
        +
      </button>
    </div>
  );
}

/** '6병 단위(케이스) · 최소 6병' or '병 단위 · 12병 1케이스'. */
export function PackNote({ caseSize, orderStep, minQty }: { caseSize: number; orderStep: number; minQty: number }) {
  const { t } = useTranslation();
  const parts = [orderStep > 1 ? t('commerce.packCase', { step: orderStep }) : t('commerce.packBottle')];
  if (minQty > orderStep) parts.push(t('commerce.packMin', { min: minQty }));
  if (orderStep === 1 && caseSize > 1) parts.push(t('commerce.packCaseSize', { size: caseSize }));
  return <span className="pack-note">{parts.join(' · ')}</span>;
}
