import { useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { athMovilPhoneDigits, type MobilePayment } from '@auxilio/domain';
import { Button } from '../../../components/ui/button/button.tsx';
import { useRuntimeConfig } from '../../../config/runtime-config-context.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useApi } from '../../../lib/use-api.ts';
import type { PaymentDetails } from '../../../api/use-submit-service-request.ts';
import { completeMobilePayment, startMobilePayment } from '../api/mobile-payments.ts';
import { usePaymentPurpose } from '../hooks/use-payment-purpose.ts';
import './ath-movil-form.css';

// ATH Móvil on /payment (decisions 433, 434, 665): the customer gives the phone number of their
// ATH Móvil account, the API starts a payment for the amount it computes, the customer approves it
// in the ATH Móvil app and says so here, the API completes it, and only then is the request sent,
// naming the payment. The embedded sandbox is labelled as such and approves at once, except for its
// decline number.

export interface AthMovilFormProps {
  /** The amount shown on /payment, in cents: a new amount is a new payment. */
  amount: number;
  /** Receipt e-mail (SPEC 3 Payment "emailPayment"), '' when unknown. */
  email: string;
  /** Text of the pay button, e.g. 'Pagar $60.00 con ATH Móvil'. */
  payLabel: string;
  /** Money text of an amount in cents (the screen's formatting). */
  formatAmount: (cents: number) => string;
  /** Called once ATH Móvil completed the payment; the screen then submits the request. */
  onCharged: (payment: PaymentDetails) => Promise<void>;
  /** True while a started payment waits for the customer's approval (the screen hides the choice). */
  onStartedChange?: (started: boolean) => void;
}

type Failure = 'declined' | 'notApproved' | 'network' | 'failed';

function failureOf(error: unknown): Failure {
  if (!(error instanceof ApiRequestError)) return 'failed';
  if (error.code === 'PAYMENT_DECLINED') return 'declined';
  if (error.code === 'NETWORK' || error.code === 'UNAVAILABLE') return 'network';
  return 'failed';
}

export function AthMovilForm({
  amount,
  email,
  payLabel,
  formatAmount,
  onCharged,
  onStartedChange,
}: AthMovilFormProps) {
  const { t } = useTranslation('payment');
  const api = useApi();
  const sandbox = useRuntimeConfig().mobilePayments.provider === 'sandbox';
  const purposeOf = usePaymentPurpose();
  const phoneId = useId();
  const approveId = useId();
  const [phone, setPhone] = useState('');
  const [phoneInvalid, setPhoneInvalid] = useState(false);
  const [payment, setPayment] = useState<MobilePayment | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [busy, setBusy] = useState(false);
  // One key per attempt: the same number and amount again (a lost answer) is the same payment; a
  // declined payment is never asked again, so a new attempt gets a new key.
  const attempt = useRef<{ fingerprint: string; key: string } | null>(null);
  const approveRef = useRef<HTMLParagraphElement>(null);
  const phoneRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (payment) approveRef.current?.focus();
  }, [payment]);

  const start = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    const digits = athMovilPhoneDigits(phone);
    setPhoneInvalid(digits === null);
    if (digits === null) {
      phoneRef.current?.focus();
      return;
    }
    const request = purposeOf({ amount, currency: 'usd' });
    if (!request) {
      setFailure('failed');
      return;
    }
    const fingerprint = JSON.stringify([digits, amount, request.body.serviceId]);
    if (attempt.current?.fingerprint !== fingerprint) {
      attempt.current = { fingerprint, key: crypto.randomUUID() };
    }
    setBusy(true);
    try {
      const started = await startMobilePayment(api, {
        ...request.body,
        phoneNumber: digits,
        idempotencyKey: attempt.current.key,
      });
      setPayment(started);
      onStartedChange?.(true);
    } catch (error) {
      const reason = failureOf(error);
      if (reason === 'declined') attempt.current = null;
      setFailure(reason);
    } finally {
      setBusy(false);
    }
  };

  const startOver = (reason: Failure | null) => {
    attempt.current = null;
    setPayment(null);
    onStartedChange?.(false);
    setFailure(reason);
    // The phone field comes back: the customer can try again or use another number.
    requestAnimationFrame(() => phoneRef.current?.focus());
  };

  const complete = async () => {
    if (!payment || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const completed = await completeMobilePayment(api, payment.paymentId);
      await onCharged({
        paymentMethod: 'ath_movil',
        // SPEC 3 has one reference field: the payment id the API checks (decision 434).
        chargeIdStripe: completed.paymentId,
        customerIdStripe: null,
        cardIdStripe: null,
        amount: completed.amount,
        emailPayment: email,
      });
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === 'CONFLICT') setFailure('notApproved');
      else if (failureOf(error) === 'declined') startOver('declined');
      else setFailure(failureOf(error));
    } finally {
      setBusy(false);
    }
  };

  const alert = failure ? (
    <p className="flow-screen__error" role="alert">
      {t(`athMovil.failures.${failure}`)}
    </p>
  ) : null;

  const sandboxNote = sandbox ? (
    <div className="ath-movil__sandbox" role="note">
      <strong>{t('sandbox.badge')}</strong>
      <span>{t(payment ? 'athMovil.sandbox.approve' : 'athMovil.sandbox.hint')}</span>
    </div>
  ) : null;

  if (payment) {
    return (
      <section className="ath-movil" aria-labelledby={approveId}>
        <h2 className="ath-movil__title" id={approveId}>
          {t('athMovil.approve.title')}
        </h2>
        <p className="ath-movil__steps" ref={approveRef} tabIndex={-1}>
          {t('athMovil.approve.steps', {
            amount: formatAmount(payment.amount),
            // Non-breaking hyphens: the number never wraps on a narrow screen.
            phone: athMovilPhoneDigits(phone)?.replace(
              /^(\d{3})(\d{3})(\d{4})$/,
              '$1\u2011$2\u2011$3',
            ),
          })}
        </p>
        {sandboxNote}
        {alert}
        <div className="flow-screen__footer">
          <Button
            disabled={busy}
            aria-busy={busy || undefined}
            onClick={() => {
              void complete();
            }}
          >
            {busy ? t('athMovil.approve.checking') : t('athMovil.approve.done')}
          </Button>
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => {
              startOver(null);
            }}
          >
            {t('athMovil.approve.otherNumber')}
          </Button>
        </div>
      </section>
    );
  }

  return (
    <form className="ath-movil" onSubmit={(event) => void start(event)} noValidate>
      {sandboxNote}
      {alert}
      <div className="field">
        <label className="field__label" htmlFor={phoneId}>
          {t('athMovil.phone.label')}
        </label>
        <input
          id={phoneId}
          ref={phoneRef}
          className="field__input"
          name="tel-national"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder={t('athMovil.phone.placeholder')}
          maxLength={20}
          value={phone}
          aria-invalid={phoneInvalid || undefined}
          aria-describedby={phoneInvalid ? `${phoneId}-error` : `${phoneId}-hint`}
          disabled={busy}
          onChange={(event) => {
            setPhone(event.target.value);
            setPhoneInvalid(false);
          }}
        />
        {phoneInvalid ? (
          <p className="field__error" id={`${phoneId}-error`}>
            {t('athMovil.phone.invalid')}
          </p>
        ) : (
          <p className="ath-movil__hint" id={`${phoneId}-hint`}>
            {t('athMovil.phone.hint')}
          </p>
        )}
      </div>
      <div className="flow-screen__footer">
        <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
          {busy ? t('athMovil.starting') : payLabel}
        </Button>
      </div>
    </form>
  );
}
