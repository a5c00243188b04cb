import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { isReferenceAddressComplete, withReferenceAddress } from '@auxilio/domain';
import { Button } from '../../../components/ui/button/button.tsx';
import { useSessionStore } from '../../../stores/session-store.ts';
import './location.css';

type FieldName = 'address1' | 'address2' | 'city' | 'zipCode' | 'country';

const FIELDS: readonly { name: FieldName; required: boolean; autoComplete: string }[] = [
  { name: 'address1', required: true, autoComplete: 'address-line1' },
  { name: 'address2', required: false, autoComplete: 'address-line2' },
  { name: 'city', required: true, autoComplete: 'address-level2' },
  { name: 'zipCode', required: false, autoComplete: 'postal-code' },
  { name: 'country', required: false, autoComplete: 'country-name' },
];

/**
 * /location/reference (SPEC 2 "Manual address"; SPEC 3 "Reference address form: address1,
 * address2, city, zipCode, country, fullAddress"). Saving returns to /location with the address as
 * the situation (decision 283).
 */
export function ReferenceAddressScreen() {
  const { t } = useTranslation('location');
  const [, navigate] = useLocation();
  const stored = useSessionStore((state) => state.session.referenceAddress);
  const updateSession = useSessionStore((state) => state.updateSession);
  const errorId = useId();
  const [form, setForm] = useState({
    address1: stored.address1,
    address2: stored.address2,
    city: stored.city,
    zipCode: stored.zipCode,
    country: stored.country,
  });
  const [showError, setShowError] = useState(false);

  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (!isReferenceAddressComplete(form)) {
      setShowError(true);
      return;
    }
    updateSession((session) => withReferenceAddress(session, form));
    navigate('/location', { replace: true });
  };

  return (
    <main className="reference-screen">
      <h1 className="reference-screen__title">{t('reference.title')}</h1>
      <p className="reference-screen__intro">{t('reference.intro')}</p>
      <form className="reference-screen__form" noValidate onSubmit={onSubmit}>
        {FIELDS.map((field) => {
          const invalid = showError && field.required && form[field.name].trim() === '';
          return (
            <div key={field.name} className="reference-screen__field">
              <label htmlFor={`reference-${field.name}`}>
                {t(`reference.${field.name}`)}
                {field.required ? null : (
                  <span className="reference-screen__optional"> {t('reference.optional')}</span>
                )}
              </label>
              <input
                id={`reference-${field.name}`}
                name={field.name}
                autoComplete={field.autoComplete}
                required={field.required}
                aria-invalid={invalid || undefined}
                aria-describedby={invalid ? errorId : undefined}
                value={form[field.name]}
                onChange={(event) => {
                  setForm((current) => ({ ...current, [field.name]: event.target.value }));
                }}
              />
            </div>
          );
        })}
        {showError && !isReferenceAddressComplete(form) ? (
          <p id={errorId} className="location-screen__alert" role="alert">
            {t('reference.required')}
          </p>
        ) : null}
        <Button type="submit">{t('reference.save')}</Button>
      </form>
    </main>
  );
}
