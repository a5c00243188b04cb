import { useTranslation } from 'react-i18next';
import { formatMoney, type Branch, type FeeBreakdown } from '@auxilio/domain';

export interface FeeRowsProps {
  price: FeeBreakdown;
  branch: Branch;
  /** Tax label of the account (e.g. 'IVU 11.5%'); empty for none. */
  taxLabel: string;
  /** Translation key of the first line (the service, or the surplus). */
  serviceKey: string;
  /** Translation key of the total line. */
  totalKey: string;
}

/** SPEC 2 "A price block shows service, tax and total": the rows of a `summary-list`. */
export function FeeRows({ price, branch, taxLabel, serviceKey, totalKey }: FeeRowsProps) {
  const { t } = useTranslation('location');
  return (
    <>
      <div className="summary-list__row">
        <dt>{t(serviceKey)}</dt>
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
        <dt>{t(totalKey)}</dt>
        <dd>{formatMoney(price.totalCents, branch)}</dd>
      </div>
    </>
  );
}
