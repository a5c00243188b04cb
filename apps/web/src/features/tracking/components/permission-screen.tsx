import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import {
  locationPermissionOutcome,
  startsPositionWatch,
  type LocationPermissionEvent,
} from '@auxilio/domain';
import { Button } from '../../../components/ui/button/button.tsx';
import { useSessionStore } from '../../../stores/session-store.ts';
import { useUpdateServiceLocation } from '../api/update-service-location.ts';
import { useTrackingPositionWatch } from '../hooks/use-tracking-position-watch.ts';
import './tracking.css';

type Answer = 'yes' | 'no';

/**
 * SPEC 2 "/tracking/permission: asks 'Are you with your vehicle?' (Yes/No) then Confirm" and SPEC 4
 * "Location permission (tracking)": No denies; Yes watches the position and updates the service
 * location; the outcome comes from the domain, and the screen always goes on to /tracking/loading.
 */
export function PermissionScreen() {
  const { t } = useTranslation('tracking');
  const [, navigate] = useLocation();
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [busy, setBusy] = useState(false);
  const updateSession = useSessionStore((state) => state.updateSession);
  const watch = useTrackingPositionWatch();
  const updateLocation = useUpdateServiceLocation();

  const finish = (event: LocationPermissionEvent) => {
    const outcome = locationPermissionOutcome(event);
    updateSession((session) => ({
      ...session,
      locations: { ...session.locations, permission: outcome.permission },
    }));
    navigate(outcome.to, { replace: true });
  };

  const confirm = async (chosen: Answer) => {
    if (!startsPositionWatch(chosen)) {
      finish({ answer: 'no' });
      return;
    }
    setBusy(true);
    const result = await watch();
    if (result.kind === 'error') {
      finish({ answer: 'yes', watch: 'error' });
      return;
    }
    const updated = await updateLocation.mutateAsync(result).catch(() => null);
    finish({ answer: 'yes', watch: 'success', updated: updated !== null });
  };

  return (
    <main className="tracking-permission">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (answer) void confirm(answer);
        }}
      >
        <fieldset className="tracking-permission__choices" disabled={busy}>
          <legend className="tracking-permission__legend">
            <h1 className="tracking-permission__title">{t('permission.title')}</h1>
          </legend>
          <p className="tracking-permission__hint">{t('permission.hint')}</p>
          {(['yes', 'no'] as const).map((value) => (
            <label key={value} className="choice">
              <input
                type="radio"
                name="with-vehicle"
                value={value}
                checked={answer === value}
                onChange={() => {
                  setAnswer(value);
                }}
              />
              <span>{t(`permission.${value}`)}</span>
            </label>
          ))}
        </fieldset>
        {busy && (
          <p role="status" className="tracking-permission__status">
            {t('permission.locating')}
          </p>
        )}
        <Button type="submit" disabled={answer === null || busy}>
          {t('permission.confirm')}
        </Button>
      </form>
    </main>
  );
}
