import { useTranslation } from 'react-i18next';
import type { Branch, FeeBreakdown } from '@auxilio/domain';
import { FeeRows } from './fee-rows.tsx';

export interface PriceBlockProps {
  price: FeeBreakdown | null;
  branch: Branch;
  /** Tax label of the account (e.g. 'IVU 11.5%'); empty for none. */
  taxLabel: string;
  surplus: boolean;
  loading: boolean;
  failed: boolean;
  onSurplusInfo: () => void;
}

/**
 * SPEC 2 "A price block shows service, tax and total"; SPEC 9 "Amounts are in cents" and the
 * branch's currency symbol (formatMoney).
 */
export function PriceBlock({
  price,
  branch,
  taxLabel,
  surplus,
  loading,
  failed,
  onSurplusInfo,
}: PriceBlockProps) {
  const { t } = useTranslation('location');
  if (!price && !loading && !failed) return null;
  return (
    <section className="summary-section" aria-labelledby="summary-price">
      <h2 id="summary-price" className="summary-section__title">
        {t('summary.price')}
      </h2>
      {price ? (
        <dl className="summary-list">
          <FeeRows
            price={price}
            branch={branch}
            taxLabel={taxLabel}
            serviceKey={surplus ? 'summary.surplusLine' : 'summary.service'}
            totalKey="summary.total"
          />
        </dl>
      ) : loading ? (
        <p className="summary-muted" role="status">
          {t('summary.priceLoading')}
        </p>
      ) : (
        <p className="summary-muted">{t('summary.priceError')}</p>
      )}
      {surplus ? (
        <button type="button" className="summary-link" onClick={onSurplusInfo}>
          {t('summary.surplusInfo')}
        </button>
      ) : null}
    </section>
  );
}
