import { useTranslation } from 'react-i18next';
import type { SurveyAnswerValue, SurveyQuestion as Question } from '@auxilio/domain';
import { ScaleButtons } from './scale-buttons.tsx';
import { SliderQuestion } from './slider-question.tsx';
import { StarRating } from './star-rating.tsx';
import { StepperQuestion } from './stepper-question.tsx';
import { TextQuestion } from './text-question.tsx';
import { YesNoQuestion } from './yes-no-question.tsx';

export interface SurveyQuestionProps {
  question: Question;
  value: SurveyAnswerValue | undefined;
  onChange: (value: SurveyAnswerValue | undefined) => void;
  /** Id of the message saying the question still needs an answer. */
  errorId?: string | undefined;
}

/** One of the brand's questions (SPEC 2 "questions depend on brand"), drawn by its SPEC 3 type. */
export function SurveyQuestion({ question, value, onChange, errorId }: SurveyQuestionProps) {
  const { t } = useTranslation('survey');
  const label = t(question.label);
  const number = typeof value === 'number' ? value : undefined;
  switch (question.type) {
    case 'startRating':
      return <StarRating label={label} value={number} onChange={onChange} errorId={errorId} />;
    case 'ratingButton':
      return <ScaleButtons label={label} value={number} onChange={onChange} />;
    case 'slider':
      return <SliderQuestion label={label} value={number} onChange={onChange} />;
    case 'yesNo':
      return (
        <YesNoQuestion
          label={label}
          value={typeof value === 'boolean' ? value : undefined}
          onChange={onChange}
        />
      );
    case 'numericStepper':
      return <StepperQuestion label={label} value={number} onChange={onChange} />;
    case 'textarea':
      return (
        <TextQuestion
          label={label}
          value={typeof value === 'string' ? value : ''}
          onChange={onChange}
        />
      );
  }
}
