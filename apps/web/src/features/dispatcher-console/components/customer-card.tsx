import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomerContact, DispatcherServiceDetail } from '@auxilio/domain';
import type { DispatcherApi } from '../api/dispatcher-api.ts';
import { actionErrorText, isSignedOutError } from '../utils/action-error.ts';
import { ActionFeedback } from './action-feedback.tsx';

export interface CustomerCardProps {
  api: DispatcherApi;
  token: string;
  serviceId: string;
  customer: DispatcherServiceDetail['customer'];
  onSignedOut: () => void;
}

/**
 * The customer: first name and masked phone by default; "Ver contacto" opens the full phone and
 * e-mail, which the server logs as an action of this dispatcher.
 */
export function CustomerCard({ api, token, serviceId, customer, onSignedOut }: CustomerCardProps) {
  const { t } = useTranslation('dispatcher');
  const [contact, setContact] = useState<CustomerContact | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const open = () => {
    setBusy(true);
    setError(null);
    api
      .openContact(token, serviceId)
      .then(setContact, (failure: unknown) => {
        if (isSignedOutError(failure)) onSignedOut();
        else setError(actionErrorText(t, failure));
      })
      .finally(() => {
        setBusy(false);
      });
  };
  return (
    <section className="dispatcher-block" aria-labelledby={`customer-${serviceId}`}>
      <h3 id={`customer-${serviceId}`} className="dispatcher-block__title">
        {t('detail.customer')}
      </h3>
      {contact ? (
        <>
          <p className="dispatcher-block__strong">
            {[contact.firstname, contact.lastname].filter(Boolean).join(' ')}
          </p>
          <p>
            {contact.phone
              ? t('detail.contactPhone', { phone: contact.phone })
              : t('detail.noPhone')}
          </p>
          <p>
            {contact.email
              ? t('detail.contactEmail', { email: contact.email })
              : t('detail.contactNoEmail')}
          </p>
        </>
      ) : (
        <>
          <p className="dispatcher-block__strong">{customer.firstname}</p>
          <p>{customer.phoneMasked ?? t('detail.noPhone')}</p>
          <button type="button" className="dispatcher-button" disabled={busy} onClick={open}>
            {t('detail.showContact')}
          </button>
        </>
      )}
      <ActionFeedback done={null} error={error} />
    </section>
  );
}
