import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { Service } from '@auxilio/domain';
import { Button } from '../../../components/ui/button/button.tsx';
import { useService } from '../../../api/service-query.ts';
import { ServiceFacts } from './service-facts.tsx';
import './service-summary.css';

interface ServiceScreenProps {
  title: string;
  /** Text under the title once the service loaded. */
  lead?: (service: Service) => ReactNode;
  /** The cancel control the route composes (cancellation feature), under Ok. */
  cancelSlot?: ReactNode;
  /** A further action under Ok once the service loaded (e.g. another home request). */
  action?: (service: Service) => ReactNode;
}

/** Shell of /service-summary and /service-details: the session's service, read-only, and Ok. */
export function ServiceScreen({ title, lead, cancelSlot, action }: ServiceScreenProps) {
  const { t } = useTranslation('summary');
  const [, navigate] = useLocation();
  const service = useService();

  let body: ReactNode;
  if (service.data) {
    body = (
      <>
        {lead ? <p className="flow-screen__lead">{lead(service.data)}</p> : null}
        <ServiceFacts service={service.data} />
      </>
    );
  } else if (service.isError) {
    body = (
      <p className="flow-screen__error" role="alert">
        {t('loadError')}{' '}
        <button
          type="button"
          className="service-summary__retry"
          onClick={() => void service.refetch()}
        >
          {t('retry')}
        </button>
      </p>
    );
  } else if (service.fetchStatus === 'idle') {
    body = <p className="flow-screen__lead">{t('noService')}</p>;
  } else {
    body = (
      <p className="flow-screen__lead" role="status">
        {t('loading')}
      </p>
    );
  }

  return (
    <main className="flow-screen service-summary">
      <h1 className="flow-screen__title">{title}</h1>
      {body}
      <div className="flow-screen__footer">
        <Button
          onClick={() => {
            navigate('/');
          }}
        >
          {t('ok')}
        </Button>
        {service.data ? action?.(service.data) : null}
        {service.data ? cancelSlot : null}
      </div>
    </main>
  );
}
