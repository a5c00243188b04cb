import { useTranslation } from 'react-i18next';
import type { ReceiptText } from '../utils/receipt.ts';

/** SPEC 3 "Receipt: date, service number, subtotal, taxes, total". */
export function ReceiptCard({ receipt }: { receipt: ReceiptText }) {
  const { t } = useTranslation('service-end');
  const rows: [string, string][] = [
    [t('receipt.date'), receipt.date],
    [t('receipt.serviceNumber'), receipt.serviceNumber],
    [t('receipt.subtotal'), receipt.subtotal],
    [t('receipt.taxes', { rate: receipt.taxRatePercent }), receipt.taxes],
  ];
  return (
    <section className="receipt" aria-labelledby="receipt-title">
      <h2 id="receipt-title" className="receipt__title">
        {t('receipt.title')}
      </h2>
      <dl className="receipt__rows">
        {rows.map(([label, value]) => (
          <div key={label} className="receipt__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        {receipt.total === null ? null : (
          <div className="receipt__row receipt__row--total">
            <dt>{t('receipt.total')}</dt>
            <dd>{receipt.total}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}
