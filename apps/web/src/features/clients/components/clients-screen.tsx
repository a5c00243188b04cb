import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import {
  clientFormFields,
  clientFormIssues,
  privacyAcceptance,
  routeAfterClientForm,
  type ClientForm,
  type ClientFormField,
} from '@auxilio/domain';
import { useAccount } from '../../../api/get-account.ts';
import { Button } from '../../../components/ui/button/button.tsx';
import { useRuntimeConfig } from '../../../config/runtime-config-context.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { VehicleMakeModelFields } from './vehicle-make-model-fields.tsx';

/** Keyboard and autofill hints per field (phones show the right keyboard; browsers can autofill). */
const FIELD_HINTS: Record<
  ClientFormField,
  {
    type: 'text' | 'tel' | 'email';
    autoComplete: string;
    inputMode: 'text' | 'tel' | 'email' | 'numeric';
    autoCapitalize?: string;
    maxLength: number;
  }
> = {
  fullName: {
    type: 'text',
    autoComplete: 'name',
    inputMode: 'text',
    autoCapitalize: 'words',
    maxLength: 120,
  },
  phone: { type: 'tel', autoComplete: 'tel', inputMode: 'tel', maxLength: 30 },
  email: { type: 'email', autoComplete: 'email', inputMode: 'email', maxLength: 254 },
  memberId: {
    type: 'text',
    autoComplete: 'off',
    inputMode: 'text',
    autoCapitalize: 'characters',
    maxLength: 60,
  },
  mbi: {
    type: 'text',
    autoComplete: 'off',
    inputMode: 'text',
    autoCapitalize: 'characters',
    maxLength: 20,
  },
  plate: {
    type: 'text',
    autoComplete: 'off',
    inputMode: 'text',
    autoCapitalize: 'characters',
    maxLength: 20,
  },
  make: {
    type: 'text',
    autoComplete: 'off',
    inputMode: 'text',
    autoCapitalize: 'words',
    maxLength: 60,
  },
  model: {
    type: 'text',
    autoComplete: 'off',
    inputMode: 'text',
    autoCapitalize: 'words',
    maxLength: 60,
  },
  year: { type: 'text', autoComplete: 'off', inputMode: 'numeric', maxLength: 4 },
  color: { type: 'text', autoComplete: 'off', inputMode: 'text', maxLength: 40 },
  vin: {
    type: 'text',
    autoComplete: 'off',
    inputMode: 'text',
    autoCapitalize: 'characters',
    maxLength: 17,
  },
};

/**
 * SPEC 2 "/clients: Client entry" with the SPEC 3 client form (decision 272): the fields the request
 * needs by track and lookup mode, checked by the domain's `clientFormIssues`; the privacy policy
 * must be accepted and is kept as an ISO string (SPEC 5). Then the location (or its summary).
 */
export function ClientsScreen() {
  const { t } = useTranslation('clients');
  const [, navigate] = useLocation();
  const config = useRuntimeConfig();
  const { brand } = config;
  const session = useSessionStore((state) => state.session);
  const updateSession = useSessionStore((state) => state.updateSession);
  const [form, setForm] = useState<ClientForm>(session.clientForm);
  // The vehicle catalogue of the request's country (decision 651).
  const accountId = session.accountId ?? config.accountId;
  const account = useAccount(accountId);
  const country =
    account.data?.branch ??
    config.brandAccounts.find((entry) => entry.id === accountId)?.branch ??
    brand.country;
  const [accepted, setAccepted] = useState(session.clientForm.privacyPolicyAcceptanceDate !== null);
  const [submitted, setSubmitted] = useState(false);
  const baseId = useId();
  const fields = clientFormFields({ track: session.currentTrack, lookupMode: brand.vehicleLookup });
  const issues = clientFormIssues(form, fields, new Date());
  const firstIssue = fields.find(({ field }) => issues[field]);
  const isRequired = (name: ClientFormField) =>
    fields.some(({ field, required }) => field === name && required);

  /** What the customer types, kept in the session as typed so a reload keeps it (decision 651). */
  const change = (patch: Partial<Omit<ClientForm, 'privacyPolicyAcceptanceDate'>>) => {
    setForm((current) => ({ ...current, ...patch }));
    updateSession((s) => ({ ...s, clientForm: { ...s.clientForm, ...patch } }));
  };

  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (firstIssue) {
      document.getElementById(`${baseId}-${firstIssue.field}`)?.focus();
      return;
    }
    if (!accepted) {
      document.getElementById(`${baseId}-privacy`)?.focus();
      return;
    }
    const clientForm: ClientForm = {
      ...form,
      // Keep the first acceptance time when it was already given.
      privacyPolicyAcceptanceDate:
        session.clientForm.privacyPolicyAcceptanceDate ?? privacyAcceptance(true, new Date()),
    };
    updateSession((s) => ({ ...s, clientForm }));
    navigate(routeAfterClientForm(session).to);
  };

  return (
    <main className="flow-screen">
      <form className="flow-screen__form" onSubmit={onSubmit} noValidate>
        <h1 className="flow-screen__title">{t('title')}</h1>
        <p className="flow-screen__lead">{t('lead')}</p>
        {fields.map(({ field, required }) => {
          // Make and model are one pair of catalogue pickers (decision 651).
          if (field === 'model') return null;
          if (field === 'make') {
            return (
              <VehicleMakeModelFields
                key="make-model"
                baseId={baseId}
                country={country}
                make={form.make}
                model={form.model}
                makeRequired={required}
                modelRequired={isRequired('model')}
                onChange={change}
              />
            );
          }
          const id = `${baseId}-${field}`;
          const issue = submitted ? issues[field] : undefined;
          const hints = FIELD_HINTS[field];
          return (
            <div className="field" key={field}>
              <label className="field__label" htmlFor={id}>
                {t(`fields.${field}.label`)}
                {required ? null : <span className="field__optional"> {t('optional')}</span>}
              </label>
              <input
                id={id}
                className="field__input"
                name={field}
                type={hints.type}
                autoComplete={hints.autoComplete}
                inputMode={hints.inputMode}
                autoCapitalize={hints.autoCapitalize}
                maxLength={hints.maxLength}
                required={required}
                value={form[field]}
                aria-invalid={issue ? true : undefined}
                aria-describedby={issue ? `${id}-error` : undefined}
                onChange={(event) => {
                  change({ [field]: event.target.value });
                }}
              />
              {issue ? (
                <p className="field__error" id={`${id}-error`}>
                  {t(`issues.${issue}`)}
                </p>
              ) : null}
            </div>
          );
        })}
        <label className="checkbox">
          <input
            id={`${baseId}-privacy`}
            type="checkbox"
            checked={accepted}
            aria-invalid={submitted && !accepted ? true : undefined}
            aria-describedby={submitted && !accepted ? `${baseId}-privacy-error` : undefined}
            onChange={(event) => {
              setAccepted(event.target.checked);
            }}
          />
          <span>{t('privacy.label', { brand: brand.name })}</span>
        </label>
        {submitted && !accepted ? (
          <p className="field__error" id={`${baseId}-privacy-error`}>
            {t('privacy.required')}
          </p>
        ) : null}
        <div className="flow-screen__footer">
          <Button type="submit">{t('continue')}</Button>
        </div>
      </form>
    </main>
  );
}
