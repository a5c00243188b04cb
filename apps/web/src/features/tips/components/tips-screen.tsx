import { useId, useState, type ReactNode, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  amountToCents,
  currencyOf,
  formatMoney,
  initialTipOf,
  maxTipOf,
  parseTipAmount,
  tipChoiceOf,
  tipPresetsOf,
  type Branch,
  type Service,
} from '@auxilio/domain';
import { Button } from '../../../components/ui/button/button.tsx';
import { isPaymentRefused } from '../../../lib/api-client.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { useSubmitTip, type TipInput } from '../hooks/use-submit-tip.ts';
import './tips.css';

/** The card references a charged tip hands back. */
export type TipCard = NonNullable<TipInput['card']>;

/** Draws the card payment step: charges `amountCents`, then calls `onPaid` with the references. */
export type TipCardForm = (props: {
  amountCents: number;
  branch: Branch;
  payLabel: string;
  onPaid: (card: TipCard) => Promise<void>;
}) => ReactNode;

export interface TipsScreenProps {
  /** The finished service (the tips guard already ran). */
  service: Pick<Service, '_id' | 'branch'>;
  /** Skip goes here (SPEC 2 post-service: /social). */
  onSkip: () => void;
  /**
   * The card payment step, when the app has one; without it the tip is recorded as cash for the
   * provider (decision 312).
   */
  cardForm?: TipCardForm | undefined;
}

/**
 * /tips: a tip for the provider in the service's currency, from that currency's presets (SPEC 9
 * "Default tip 3" dollars; colones in Costa Rica, decision 655), or skip to /social.
 */
export function TipsScreen({ service, onSkip, cardForm }: TipsScreenProps) {
  const { t } = useTranslation(['tips', 'common']);
  const currency = currencyOf(service.branch);
  const { choices } = tipPresetsOf(currency);
  const maxTip = maxTipOf(currency);
  const storedPayment = useSessionStore((state) => state.session.payment);
  const [choice, setChoice] = useState<number | 'other'>(() =>
    tipChoiceOf(initialTipOf(storedPayment, currency), currency),
  );
  const [otherText, setOtherText] = useState(() => {
    const initial = initialTipOf(storedPayment, currency);
    return tipChoiceOf(initial, currency) === 'other' ? String(initial) : '';
  });
  const [showError, setShowError] = useState(false);
  /** The amount being paid by card (the card step is open). */
  const [paying, setPaying] = useState<number | null>(null);
  const name = useId();
  const otherId = useId();
  const errorId = useId();
  const submit = useSubmitTip(service);
  const money = (amount: number) => formatMoney(amountToCents(amount), service.branch);

  const amount = choice === 'other' ? parseTipAmount(otherText, currency) : choice;

  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (submit.isPending) return;
    if (amount === null) {
      setShowError(true);
      return;
    }
    if (cardForm) setPaying(amount);
    else submit.mutate({ amount, paymentMethod: 'cash' });
  };

  return (
    <main className="tips">
      <h1 className="tips__title">{t('title')}</h1>
      <p className="tips__lead">{t('lead')}</p>
      <form className="tips__form" noValidate onSubmit={onSubmit}>
        <fieldset className="tips__choices" disabled={paying !== null}>
          <legend className="tips__legend">{t('choose')}</legend>
          {[...choices, 'other' as const].map((option) => (
            <label key={option} className="tips__choice">
              <input
                type="radio"
                name={name}
                checked={choice === option}
                onChange={() => {
                  setChoice(option);
                  setShowError(false);
                }}
              />
              <span>{option === 'other' ? t('other') : money(option)}</span>
            </label>
          ))}
        </fieldset>
        {choice === 'other' ? (
          <div className="tips__other">
            <label htmlFor={otherId}>{t('otherLabel', { max: money(maxTip) })}</label>
            <input
              id={otherId}
              className="tips__other-input"
              inputMode="decimal"
              autoComplete="off"
              value={otherText}
              disabled={paying !== null}
              aria-invalid={showError}
              aria-describedby={showError ? errorId : undefined}
              onChange={(event) => {
                setOtherText(event.currentTarget.value);
                setShowError(false);
              }}
            />
          </div>
        ) : null}
        {showError ? (
          <p id={errorId} className="tips__error" role="alert">
            {t('invalidAmount', { max: money(maxTip) })}
          </p>
        ) : null}
        {paying === null ? (
          <>
            <p className="tips__method">{cardForm ? t('method.card') : t('method.cash')}</p>
            <Button type="submit" disabled={submit.isPending} aria-busy={submit.isPending}>
              {submit.isPending
                ? t('sending')
                : t(cardForm ? 'continue' : 'give', {
                    amount: amount === null ? '' : money(amount),
                  })}
            </Button>
          </>
        ) : (
          <Button
            variant="secondary"
            disabled={submit.isPending}
            onClick={() => {
              setPaying(null);
            }}
          >
            {t('changeAmount')}
          </Button>
        )}
      </form>

      {/* The card step is its own form, so it sits after (not inside) the amount form. */}
      {paying !== null && cardForm ? (
        <div className="tips__card">
          {cardForm({
            amountCents: amountToCents(paying),
            branch: service.branch,
            payLabel: t('give', { amount: money(paying) }),
            onPaid: async (card) => {
              await submit.mutateAsync({ amount: paying, paymentMethod: 'card', card });
            },
          })}
        </div>
      ) : null}

      {submit.isError ? (
        <p className="tips__error" role="alert">
          {t(isPaymentRefused(submit.error) ? 'paymentRefused' : 'submitFailed')}
        </p>
      ) : null}
      <Button
        variant="secondary"
        className="tips__skip"
        disabled={submit.isPending}
        onClick={onSkip}
      >
        {t('skip')}
      </Button>
    </main>
  );
}
