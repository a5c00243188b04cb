import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { BoardDriver } from '@auxilio/domain';
import type { DispatcherApi } from '../api/dispatcher-api.ts';
import { dispatcherKeys } from '../api/dispatcher-keys.ts';
import { useServiceWords } from '../hooks/use-service-words.ts';
import { actionErrorText, isSignedOutError } from '../utils/action-error.ts';
import { etaMinutes, kilometres } from '../utils/format-board.ts';
import { ActionFeedback } from './action-feedback.tsx';

export interface AssignPanelProps {
  api: DispatcherApi;
  token: string;
  serviceId: string;
  /** The board's online drivers, for a free choice beside the engine's suggestions. */
  onlineDrivers: readonly BoardDriver[];
  /** The driver who has it now (reassignment), left out of the free choice. */
  currentDriverId: string | null;
  /** The driver has the trip: the detail closes this panel and keeps `message` as its status. */
  onAssigned: (message: string) => void;
  onSignedOut: () => void;
}

/**
 * Direct assignment (docs/decisions/762): the engine's suggestions, nearest by ETA first, each with
 * its own "Asignar", and any other online driver of the board; the reason is optional. The chosen
 * driver gets the trip at once; the panel then closes and the detail shows the new state.
 */
export function AssignPanel({
  api,
  token,
  serviceId,
  onlineDrivers,
  currentDriverId,
  onAssigned,
  onSignedOut,
}: AssignPanelProps) {
  const { t, i18n } = useTranslation('dispatcher');
  const queryClient = useQueryClient();
  const { vehicleName } = useServiceWords();
  const suggestions = useQuery({
    queryKey: dispatcherKeys.suggestions(serviceId),
    queryFn: () => api.suggestions(token, serviceId),
  });
  const [chosen, setChosen] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const assign = (driverId: string, name: string) => {
    setBusy(true);
    setError(null);
    const trimmed = reason.trim();
    api
      .assign(token, serviceId, trimmed ? { driverId, reason: trimmed } : { driverId })
      .then(
        (detail) => {
          queryClient.setQueryData(dispatcherKeys.service(serviceId), detail);
          void queryClient.invalidateQueries({ queryKey: dispatcherKeys.suggestions(serviceId) });
          onAssigned(t('assign.assigned', { name }));
        },
        (failure: unknown) => {
          if (isSignedOutError(failure)) onSignedOut();
          else setError(actionErrorText(t, failure));
        },
      )
      .finally(() => {
        setBusy(false);
      });
  };

  const choices = onlineDrivers.filter((driver) => driver.id !== currentDriverId);
  const chosenDriver = choices.find((driver) => driver.id === chosen);

  return (
    <div className="dispatcher-assign">
      <label className="dispatcher-field">
        <span>{t('assign.reason')}</span>
        <input
          type="text"
          maxLength={500}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
          }}
        />
      </label>
      <h4 className="dispatcher-block__title">{t('assign.suggestions')}</h4>
      {suggestions.isPending ? (
        <p className="dispatcher-muted" aria-busy="true">
          {t('assign.loading')}
        </p>
      ) : suggestions.isError ? (
        <ActionFeedback done={null} error={actionErrorText(t, suggestions.error)} />
      ) : suggestions.data.length === 0 ? (
        <p className="dispatcher-muted">{t('assign.noSuggestions')}</p>
      ) : (
        <ul className="dispatcher-suggestions">
          {suggestions.data.map((suggestion) => (
            <li key={suggestion.driverId} className="dispatcher-suggestion">
              <div>
                <p className="dispatcher-block__strong">{suggestion.name}</p>
                <p className="dispatcher-muted">
                  {t('assign.suggestion', {
                    vehicle: vehicleName(suggestion.vehicleType),
                    minutes: etaMinutes(suggestion.etaSeconds),
                    km: kilometres(suggestion.distanceMeters).toLocaleString(i18n.language),
                  })}
                </p>
              </div>
              <button
                type="button"
                className="dispatcher-button dispatcher-button--primary"
                disabled={busy}
                onClick={() => {
                  assign(suggestion.driverId, suggestion.name);
                }}
              >
                {t('assign.assignButton')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <label className="dispatcher-field">
        <span>{t('assign.otherDriver')}</span>
        <select
          value={chosen}
          onChange={(event) => {
            setChosen(event.target.value);
          }}
        >
          <option value="">{t('assign.chooseDriver')}</option>
          {choices.map((driver) => (
            <option key={driver.id} value={driver.id}>
              {driver.name}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        className="dispatcher-button"
        disabled={busy || !chosenDriver}
        onClick={() => {
          if (chosenDriver) assign(chosenDriver.id, chosenDriver.name);
        }}
      >
        {t('assign.assignChosen')}
      </button>
      <ActionFeedback done={null} error={error} />
    </div>
  );
}
