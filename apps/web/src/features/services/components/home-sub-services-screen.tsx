import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import {
  canConfirmHomeSubService,
  confirmHomeSubService,
  homeSubServicesOf,
  isHomeSubServiceOf,
  preselectHomeSubService,
  routeAfterHomeContractSearch,
} from '@auxilio/domain';
import { Button } from '../../../components/ui/button/button.tsx';
import { useRuntimeConfig } from '../../../config/runtime-config-context.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import type { KnownCustomerLookup } from '../hooks/use-road-continue.ts';
import { ServiceIcon } from './service-icon.tsx';
import './services.css';

export interface HomeSubServicesScreenProps {
  /** The home contract search for a customer the session already knows (SPEC 1 home lookup). */
  lookup: KnownCustomerLookup;
}

/**
 * SPEC 2 "/services/home: sub-service list for the chosen category; only one option can be chosen.
 * Confirm goes to a contract search result route or to /location." SPEC 4 "On the home track a
 * single allowed sub-service is preselected"; SPEC 5 "Home sub-service confirm needs a selected
 * service".
 */
export function HomeSubServicesScreen({ lookup }: HomeSubServicesScreenProps) {
  const { t } = useTranslation('services');
  const [, navigate] = useLocation();
  const { brand } = useRuntimeConfig();
  const category = useSessionStore((state) => state.session.category);
  const chosen = useSessionStore((state) => state.session.homeNotes.subService);
  const updateSession = useSessionStore((state) => state.updateSession);
  const options = homeSubServicesOf(category);

  const choose = (subService: string) => {
    updateSession((s) => ({ ...s, homeNotes: { ...s.homeNotes, subService } }));
  };

  // A choice left from another category no longer applies; a single option is chosen for the
  // customer (SPEC 4).
  const selected = isHomeSubServiceOf(category, chosen) ? chosen : '';
  const preselected = selected || preselectHomeSubService(options) || '';
  useEffect(() => {
    if (preselected !== chosen) choose(preselected);
    // choose only writes the session.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [preselected, chosen]);

  const onConfirm = async () => {
    const { session } = useSessionStore.getState();
    const decision = confirmHomeSubService({ brand, integrations: session.integrations });
    if (decision.kind === 'route') {
      navigate(decision.to);
      return;
    }
    try {
      navigate(routeAfterHomeContractSearch(await lookup.run()).to);
    } catch {
      // Logged by the contract search (SPEC 8); the screen shows lookup.failed and stays.
    }
  };

  if (!category) {
    return (
      <main className="flow-screen">
        <h1 className="flow-screen__title">{t('home.title')}</h1>
        <p className="flow-screen__lead">{t('home.noCategory')}</p>
        <div className="flow-screen__footer">
          <Button
            variant="secondary"
            onClick={() => {
              navigate('/services', { replace: true });
            }}
          >
            {t('home.backToServices')}
          </Button>
        </div>
      </main>
    );
  }

  return (
    <main className="flow-screen">
      <div className="home-sub-services__heading">
        <ServiceIcon name={category} className="home-sub-services__icon" />
        <h1 className="flow-screen__title">{t(`types.${category}`)}</h1>
      </div>
      <fieldset className="options-list">
        <legend className="options-list__legend">{t('home.lead')}</legend>
        {options.map((subService) => (
          <label key={subService} className="option">
            <input
              type="radio"
              name="home-sub-service"
              value={subService}
              checked={selected === subService}
              onChange={() => {
                choose(subService);
              }}
            />
            <span>{t(`home.subServices.${subService}`)}</span>
          </label>
        ))}
      </fieldset>
      <div className="flow-screen__footer">
        {lookup.failed ? (
          <p role="alert" className="flow-screen__error">
            <strong>{t('home.lookupError')}</strong> {t('lookupError.text')}
          </p>
        ) : null}
        <Button
          onClick={() => {
            void onConfirm();
          }}
          disabled={!canConfirmHomeSubService(selected) || lookup.pending}
          aria-busy={lookup.pending}
        >
          {lookup.pending ? t('picker.searching') : t('home.confirm')}
        </Button>
      </div>
    </main>
  );
}
