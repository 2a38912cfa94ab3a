import { useTranslation } from 'react-i18next';
import { useRoot } from '../../lib/site';
import { formatKrw } from '../catalog/price';

interface AmountsShape {
  subtotal: number;
  levelDiscount?: number;
  volumeDiscount: number;
  couponDiscount: number;
  deliveryFee: number;
  supplyAmount: number;
  vat: number;
  total: number;
  cashUsed?: number;
  payAmount?: number;
}

/**
 * The amounts the way a Korean trade document shows them: goods, each discount, delivery, then 공급가액, 부가세
 * and 합계, and what cash covers and what is left to pay. Every figure comes from the server.
 */
export function Amounts({ amounts: a, hidePrices = false }: { amounts: AmountsShape; hidePrices?: boolean }) {
  const { t } = useTranslation();
  const { lang } = useRoot();
  const won = (n: number) => formatKrw(n, lang);
  if (hidePrices) return null;
  const rows: [string, string, string?][] = [[t('commerce.amount.subtotal'), won(a.subtotal)]];
  if (a.levelDiscount) rows.push([t('commerce.amount.levelDiscount'), won(a.levelDiscount), 'is-note']);
  if (a.volumeDiscount) rows.push([t('commerce.amount.volumeDiscount'), `−${won(a.volumeDiscount)}`, 'is-discount']);
  if (a.couponDiscount) rows.push([t('commerce.amount.couponDiscount'), `−${won(a.couponDiscount)}`, 'is-discount']);
  rows.push([t('commerce.amount.deliveryFee'), a.deliveryFee ? won(a.deliveryFee) : t('commerce.amount.free')]);
  return (
    <dl className="amounts" data-testid="amounts">
      {rows.map(([k, v, cls]) => (
        <div key={k} className={`amounts-row ${cls ?? ''}`}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
      <div className="amounts-row is-doc">
        <dt>{t('commerce.amount.supply')}</dt>
        <dd data-testid="amount-supply">{won(a.supplyAmount)}</dd>
      </div>
      <div className="amounts-row is-doc">
        <dt>{t('commerce.amount.vat')}</dt>
        <dd data-testid="amount-vat">{won(a.vat)}</dd>
      </div>
      <div className="amounts-row is-total">
        <dt>{t('commerce.amount.total')}</dt>
        <dd data-testid="amount-total">{won(a.total)}</dd>
      </div>
      {a.cashUsed ? (
        <div className="amounts-row is-discount">
          <dt>{t('commerce.amount.cash')}</dt>
          <dd>−{won(a.cashUsed)}</dd>
        </div>
      ) : null}
      {a.payAmount !== undefined && a.cashUsed ? (
        <div className="amounts-row is-total">
          <dt>{t('commerce.amount.pay')}</dt>
          <dd data-testid="amount-pay">{won(a.payAmount)}</dd>
        </div>
      ) : null}
    </dl>
  );
}
