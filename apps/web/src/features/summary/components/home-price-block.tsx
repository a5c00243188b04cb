import { useTranslation } from 'react-i18next';
import { formatMoney, type Branch, type FeeBreakdown } from '@auxilio/domain';
import { FeeRows } from './fee-rows.tsx';

export interface HomePriceBlockProps {
  /** The account's rate for the service (SPEC 3 priceDetails.priceRate) in cents; null while loading. */
  priceRate: number | null;
  /** What the customer pays (summaryPrice: service, tax, total); null when nothing is charged. */
  price: FeeBreakdown | null;
  branch: Branch;
  /** Tax label of the account (e.g. 'IVU 11.5%'); empty for none. */
  taxLabel: string;
  loading: boolean;
  failed: boolean;
}

/**
 * The home service's price (decision 642): the service's rate, then what the customer pays as
 * SPEC 2 shows it ("service, tax and total", the amounts /payment charges), in the branch's
 * currency (SPEC 9). The plan covers the service when nothing is charged.
 */
export function HomePriceBlock({
  priceRate,
  price,
  branch,
  taxLabel,
  loading,
  failed,
}: HomePriceBlockProps) {
  const { t } = useTranslation('location');
  const known = priceRate !== null && !loading && !failed;
  return (
    <section className="summary-section" aria-labelledby="summary-home-price">
      <h2 id="summary-home-price" className="summary-section__title">
        {t('summary.price')}
      </h2>
      {known ? (
        <dl className="summary-list">
          <div className="summary-list__row">
            <dt>{t('home.priceRate')}</dt>
            <dd>{formatMoney(priceRate, branch)}</dd>
          </div>
          {price ? (
            <FeeRows
              price={price}
              branch={branch}
              taxLabel={taxLabel}
              serviceKey="summary.service"
              totalKey="home.serviceCost"
            />
          ) : (
            <div className="summary-list__row summary-list__row--total">
              <dt>{t('home.serviceCost')}</dt>
              <dd>{formatMoney(0, branch)}</dd>
            </div>
          )}
        </dl>
      ) : failed ? (
        <p className="summary-muted">{t('summary.priceError')}</p>
      ) : (
        <p className="summary-muted" role="status">
          {t('summary.priceLoading')}
        </p>
      )}
      {known && !price?.totalCents ? <p className="summary-muted">{t('home.covered')}</p> : null}
    </section>
  );
}
