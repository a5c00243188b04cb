import { useTranslation } from 'react-i18next';
import { formatMoney, type Branch, type FeeBreakdown } from '@auxilio/domain';

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
          <div className="summary-list__row">
            <dt>{t(surplus ? 'summary.surplusLine' : 'summary.service')}</dt>
            <dd>{formatMoney(price.subtotalCents, branch)}</dd>
          </div>
          <div className="summary-list__row">
            <dt>
              {t('summary.tax')}
              {taxLabel ? ` (${taxLabel})` : ''}
            </dt>
            <dd>{formatMoney(price.taxCents, branch)}</dd>
          </div>
          <div className="summary-list__row summary-list__row--total">
            <dt>{t('summary.total')}</dt>
            <dd>{formatMoney(price.totalCents, branch)}</dd>
          </div>
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
