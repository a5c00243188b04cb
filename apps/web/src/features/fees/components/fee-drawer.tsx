import { useTranslation } from 'react-i18next';
import { formatMoney, type Service } from '@auxilio/domain';
import './fee-drawer.css';

export interface FeeDrawerProps {
  service: Pick<Service, 'branch' | 'payments' | 'surplus'>;
}

/**
 * SPEC 2 tracking "fee drawer": the service's amounts (SPEC 9 "Amounts are in cents"), closed by
 * default so the map keeps the room. The caller shows it only where fees apply (SPEC 9 feesApply).
 */
export function FeeDrawer({ service }: FeeDrawerProps) {
  const { t } = useTranslation('tracking');
  const { payments, branch, surplus } = service;
  return (
    <details className="fee-drawer">
      <summary className="fee-drawer__summary">
        <span>{t('fees.title')}</span>
        <span>{formatMoney(payments.total, branch)}</span>
      </summary>
      <dl className="fee-drawer__rows">
        <div>
          <dt>{t('fees.service')}</dt>
          <dd>{formatMoney(payments.subtotal, branch)}</dd>
        </div>
        <div>
          <dt>{t('fees.tax')}</dt>
          <dd>{formatMoney(payments.tax, branch)}</dd>
        </div>
        {surplus && (
          <div>
            <dt>{t('fees.surplus')}</dt>
            <dd>{formatMoney(surplus.amount, branch)}</dd>
          </div>
        )}
        <div className="fee-drawer__total">
          <dt>{t('fees.total')}</dt>
          <dd>{formatMoney(payments.total, branch)}</dd>
        </div>
      </dl>
    </details>
  );
}
