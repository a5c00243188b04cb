import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export interface YesNoQuestionProps {
  label: string;
  value: boolean | undefined;
  onChange: (value: boolean) => void;
}

/** SPEC 3 question type yesNo: two radio buttons (decision 113: the answer is a boolean). */
export function YesNoQuestion({ label, value, onChange }: YesNoQuestionProps) {
  const { t } = useTranslation('survey');
  const name = useId();
  const options: [boolean, string][] = [
    [true, t('yes')],
    [false, t('no')],
  ];
  return (
    <fieldset className="survey-question">
      <legend className="survey-question__label">{label}</legend>
      <div className="yes-no">
        {options.map(([option, text]) => (
          <label key={text} className="yes-no__item">
            <input
              type="radio"
              name={name}
              checked={value === option}
              onChange={() => {
                onChange(option);
              }}
            />
            <span>{text}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
