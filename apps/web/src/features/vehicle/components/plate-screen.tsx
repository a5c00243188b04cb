import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, useLocation } from 'wouter';
import {
  knownVehicleSearchInput,
  normalizePlate,
  vehicleSearchTerm,
  type VehicleLookupMode,
} from '@auxilio/domain';
import { Button } from '../../../components/ui/button/button.tsx';
import { useRuntimeConfig } from '../../../config/runtime-config-context.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { useVehicleCheck, type LoadAccount } from '../hooks/use-vehicle-check.ts';

/** Input hints per lookup mode: what the phone keyboard and autofill should offer. */
const INPUT_HINTS: Record<
  VehicleLookupMode,
  { autoComplete: string; inputMode: 'text' | 'numeric'; autoCapitalize: string }
> = {
  plate: { autoComplete: 'off', inputMode: 'text', autoCapitalize: 'characters' },
  name: { autoComplete: 'name', inputMode: 'text', autoCapitalize: 'words' },
  memberId: { autoComplete: 'off', inputMode: 'text', autoCapitalize: 'characters' },
  policyNumber: { autoComplete: 'off', inputMode: 'text', autoCapitalize: 'characters' },
};

/**
 * SPEC 2 "/plate: Vehicle plate entry"; the field follows the brand's lookup mode (SPEC 5 "Vehicle
 * search term": plate, name, member id or policy number). Brands that look up by name ask for the
 * plate beside it (SPEC 4 "a known name and identifier"; decision 417: a name alone is never
 * searched). Continue runs the contract search and the limit check (SPEC 4); a failed search keeps
 * the customer here with loading cleared and 'Search Plate Error' (SPEC 8).
 */
export function PlateScreen({ loadAccount }: { loadAccount: LoadAccount }) {
  const { t } = useTranslation('plate');
  const [, navigate] = useLocation();
  const { brand } = useRuntimeConfig();
  const mode = brand.vehicleLookup;
  const [value, setValue] = useState(() =>
    knownVehicleSearchInput(mode, useSessionStore.getState().session),
  );
  const needsPlate = mode === 'name';
  const [plate, setPlate] = useState(() => {
    const { session } = useSessionStore.getState();
    return needsPlate ? (session.userExternalParams.plate ?? session.clientForm.plate) : '';
  });
  const situation = useSessionStore((state) => state.session.situation);
  const check = useVehicleCheck(loadAccount);
  const inputId = useId();
  const plateId = useId();
  const hintId = useId();
  const term = vehicleSearchTerm(mode, {
    plate: value,
    fullName: value,
    memberId: value,
    policyNumber: value,
  });

  const ready = term !== '' && (!needsPlate || normalizePlate(plate) !== '');

  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (!ready || check.isPending) return;
    check.mutate(
      { term, typedPlate: mode === 'plate' ? value : plate },
      {
        onSuccess: (decision) => {
          navigate(decision.to);
        },
      },
    );
  };

  // The limit check needs the situation: without one, choose the service first.
  if (!situation) return <Redirect to="/services" replace />;
  const hints = INPUT_HINTS[mode];
  return (
    <main className="flow-screen">
      <form className="flow-screen__form" onSubmit={onSubmit} noValidate>
        <h1 className="flow-screen__title">{t(`modes.${mode}.title`)}</h1>
        <p className="flow-screen__lead" id={hintId}>
          {t(`modes.${mode}.lead`)}
        </p>
        <div className="field">
          <label className="field__label" htmlFor={inputId}>
            {t(`modes.${mode}.label`)}
          </label>
          <input
            id={inputId}
            className="field__input"
            type="text"
            name={mode}
            value={value}
            placeholder={t(`modes.${mode}.placeholder`)}
            autoComplete={hints.autoComplete}
            inputMode={hints.inputMode}
            autoCapitalize={hints.autoCapitalize}
            spellCheck={false}
            aria-describedby={hintId}
            aria-invalid={check.isError}
            onChange={(event) => {
              setValue(event.target.value);
              if (check.isError) check.reset();
            }}
          />
        </div>
        {needsPlate ? (
          <div className="field">
            <label className="field__label" htmlFor={plateId}>
              {t('modes.plate.label')}
            </label>
            <input
              id={plateId}
              className="field__input"
              type="text"
              name="plate"
              value={plate}
              placeholder={t('modes.plate.placeholder')}
              autoComplete={INPUT_HINTS.plate.autoComplete}
              inputMode={INPUT_HINTS.plate.inputMode}
              autoCapitalize={INPUT_HINTS.plate.autoCapitalize}
              spellCheck={false}
              aria-invalid={check.isError}
              onChange={(event) => {
                setPlate(event.target.value);
                if (check.isError) check.reset();
              }}
            />
          </div>
        ) : null}
        <div className="flow-screen__footer">
          {check.isError ? (
            <p role="alert" className="flow-screen__error">
              <strong>{t('error.title')}</strong> {t('error.text')}
            </p>
          ) : null}
          <Button type="submit" disabled={!ready || check.isPending} aria-busy={check.isPending}>
            {check.isPending ? t('searching') : t('continue')}
          </Button>
        </div>
      </form>
    </main>
  );
}
