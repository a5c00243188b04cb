import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  cardBrandOf,
  cardDigits,
  cardInputIssue,
  cvcLength,
  formatCardNumber,
  parseExpiry,
} from '@auxilio/domain';
import { Button } from '../../../components/ui/button/button.tsx';
import type { ApiRequestError } from '../../../lib/api-client.ts';
import { useCardCharge } from '../hooks/use-card-charge.ts';
import type { CardFormProps } from '../providers/card-payment-provider.ts';
import './sandbox-card-form.css';

type Field = 'number' | 'expiry' | 'cvc' | 'name';
const FIELDS: readonly Field[] = ['number', 'expiry', 'cvc', 'name'];

interface FormValues {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

const EMPTY: FormValues = { number: '', expiry: '', cvc: '', name: '' };

/** '0429' or '04/29' as typed, shown as 'MM/YY'. */
function formatExpiry(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** The first field at fault (the domain's card checks) or null. */
function firstIssue(values: FormValues, now: Date): Field | null {
  const expiry = parseExpiry(values.expiry);
  if (!expiry) {
    const numberIssue = cardInputIssue(
      { ...values, number: cardDigits(values.number), expMonth: 12, expYear: 2099 },
      now,
    );
    return numberIssue?.field === 'card.number' ? 'number' : 'expiry';
  }
  const issue = cardInputIssue({ ...values, number: cardDigits(values.number), ...expiry }, now);
  return issue ? (issue.field.replace('card.', '') as Field) : null;
}

/** A server field such as `body.card.cvc` as a form field, when it is one. */
function formField(field: string | undefined): Field | null {
  const name = field?.split('.').pop();
  return FIELDS.find((candidate) => candidate === name) ?? null;
}

/**
 * The embedded sandbox card form (decision 290): labelled as a sandbox on screen, with the test
 * numbers; the charge goes to `POST /common/payments/charges`. A decline keeps what was typed.
 */
export function SandboxCardForm({ amount, currency, email, payLabel, onCharged }: CardFormProps) {
  const { t } = useTranslation('payment');
  const baseId = useId();
  const [values, setValues] = useState<FormValues>(EMPTY);
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<ApiRequestError | null>(null);
  const [finishing, setFinishing] = useState(false);
  const { charge, isPending } = useCardCharge();
  const busy = isPending || finishing;

  const issue = submitted ? firstIssue(values, new Date()) : null;
  const serverField = serverError?.code === 'BAD_REQUEST' ? formField(serverError.field) : null;
  const fieldError = (field: Field): string | null => {
    if (issue === field) return t(`card.issues.${field}`);
    if (!issue && serverField === field) return t(`card.issues.${field}`);
    return null;
  };
  const brand = cardBrandOf(cardDigits(values.number));

  const focus = (field: Field) => document.getElementById(`${baseId}-${field}`)?.focus();

  const onSubmit = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (busy) return;
    setSubmitted(true);
    setServerError(null);
    const now = new Date();
    const problem = firstIssue(values, now);
    const expiry = parseExpiry(values.expiry);
    if (problem || !expiry) {
      focus(problem ?? 'expiry');
      return;
    }
    try {
      const result = await charge({
        amount,
        currency,
        card: {
          number: cardDigits(values.number),
          ...expiry,
          cvc: values.cvc,
          name: values.name.trim(),
        },
        ...(email ? { email } : {}),
      });
      setFinishing(true);
      await onCharged({
        paymentMethod: 'card',
        chargeIdStripe: result.chargeId,
        customerIdStripe: result.customerId,
        cardIdStripe: result.cardId,
        amount: result.amount,
        emailPayment: email,
      });
    } catch (error) {
      const apiError = error as ApiRequestError;
      setServerError(apiError);
      const field = apiError.code === 'BAD_REQUEST' ? formField(apiError.field) : null;
      if (apiError.code === 'PAYMENT_DECLINED' || field === 'number') focus('number');
      else if (field) focus(field);
    } finally {
      setFinishing(false);
    }
  };

  const set = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
  };

  const generalError =
    serverError === null
      ? null
      : serverError.code === 'PAYMENT_DECLINED'
        ? t('card.declined')
        : serverError.code === 'NETWORK'
          ? t('card.network')
          : serverField
            ? null
            : t('card.failed');

  return (
    <form className="card-form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <div className="card-form__sandbox" role="note">
        <strong>{t('sandbox.badge')}</strong>
        <span>{t('sandbox.hint')}</span>
      </div>
      {generalError ? (
        <p className="flow-screen__error" role="alert">
          {generalError}
        </p>
      ) : null}
      {FIELDS.map((field) => {
        const id = `${baseId}-${field}`;
        const error = fieldError(field);
        const numeric = field !== 'name';
        return (
          <div className={`field card-form__field card-form__field--${field}`} key={field}>
            <label className="field__label" htmlFor={id}>
              {t(`card.fields.${field}`)}
            </label>
            <input
              id={id}
              className="field__input"
              name={`cc-${field}`}
              type="text"
              inputMode={numeric ? 'numeric' : 'text'}
              autoComplete={
                { number: 'cc-number', expiry: 'cc-exp', cvc: 'cc-csc', name: 'cc-name' }[field]
              }
              autoCapitalize={field === 'name' ? 'words' : 'off'}
              spellCheck={false}
              placeholder={t(`card.placeholders.${field}`)}
              maxLength={{ number: 23, expiry: 5, cvc: cvcLength(brand), name: 100 }[field]}
              value={values[field]}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              disabled={busy}
              onChange={(event) => {
                const text = event.target.value;
                if (field === 'number') set('number', formatCardNumber(text));
                else if (field === 'expiry') set('expiry', formatExpiry(text));
                else if (field === 'cvc') set('cvc', text.replace(/\D/g, ''));
                else set('name', text);
              }}
            />
            {error ? (
              <p className="field__error" id={`${id}-error`}>
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
      <div className="flow-screen__footer">
        <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
          {busy ? t('card.paying') : payLabel}
        </Button>
      </div>
    </form>
  );
}
