import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentMethod } from '@auxilio/domain';
import './payment-method-choice.css';

export interface PaymentMethodChoiceProps {
  /** The methods the account takes, in the order shown (the domain's servicePaymentMethods). */
  methods: readonly PaymentMethod[];
  value: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
  disabled?: boolean;
}

/**
 * The payment method of /payment (decision 665): one radio per method the account takes, as large
 * tiles (SPEC 3 "payment methods cash, ath_movil, card"). Shown only when there is a choice.
 */
export function PaymentMethodChoice({
  methods,
  value,
  onChange,
  disabled = false,
}: PaymentMethodChoiceProps) {
  const { t } = useTranslation('payment');
  const name = useId();
  return (
    <fieldset className="options-list payment-methods" disabled={disabled}>
      <legend className="options-list__legend">{t('methods.legend')}</legend>
      {methods.map((method) => (
        <label key={method} className="option payment-methods__option">
          <input
            type="radio"
            name={name}
            value={method}
            checked={value === method}
            // Named by the method alone ('ATH Móvil'); its help line is the description.
            aria-labelledby={`${name}-${method}-name`}
            aria-describedby={`${name}-${method}-hint`}
            onChange={() => {
              onChange(method);
            }}
          />
          <span className="payment-methods__text">
            <span className="payment-methods__name" id={`${name}-${method}-name`}>
              {t(`methods.${method}.name`)}
            </span>
            <span className="payment-methods__hint" id={`${name}-${method}-hint`}>
              {t(`methods.${method}.hint`)}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
