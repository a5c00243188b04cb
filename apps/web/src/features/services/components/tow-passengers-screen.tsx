import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { adjustPassengers, MAX_TOW_PASSENGERS } from '@auxilio/domain';
import { Button } from '../../../components/ui/button/button.tsx';
import { useSessionStore } from '../../../stores/session-store.ts';
import './services.css';

/**
 * SPEC 2 "/services/tow: passenger counter (minus and plus), then continue to
 * /services/tow/questions". SPEC 5 "Passenger count accepted only if 0 or more"; at most
 * MAX_TOW_PASSENGERS (decision 650), which the request sends and the API checks.
 */
export function TowPassengersScreen() {
  const { t } = useTranslation('services');
  const [, navigate] = useLocation();
  const passengers = useSessionStore((state) => state.session.passengers);
  const updateSession = useSessionStore((state) => state.updateSession);
  const change = (delta: number) => {
    updateSession((s) => ({ ...s, passengers: adjustPassengers(s.passengers, delta) }));
  };
  return (
    <main className="flow-screen">
      <h1 className="flow-screen__title">{t('tow.title')}</h1>
      <p className="flow-screen__lead" id="passengers-help">
        {t('tow.lead')}
      </p>
      <div className="counter" role="group" aria-label={t('tow.counter')}>
        <button
          type="button"
          className="counter__button"
          aria-label={t('tow.less')}
          aria-describedby="passengers-help"
          disabled={passengers <= 0}
          onClick={() => {
            change(-1);
          }}
        >
          −
        </button>
        <output className="counter__value" aria-live="polite" aria-label={t('tow.counter')}>
          {passengers}
        </output>
        <button
          type="button"
          className="counter__button"
          aria-label={t('tow.more')}
          aria-describedby="passengers-help passengers-max"
          disabled={passengers >= MAX_TOW_PASSENGERS}
          onClick={() => {
            change(1);
          }}
        >
          +
        </button>
      </div>
      <p className="counter__hint" id="passengers-max">
        {t('tow.max', { max: MAX_TOW_PASSENGERS })}
      </p>
      <div className="flow-screen__footer">
        <Button
          onClick={() => {
            navigate('/services/tow/questions');
          }}
        >
          {t('tow.continue')}
        </Button>
      </div>
    </main>
  );
}
