import { useId, useRef, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Service, SurveyAnswerKey } from '@auxilio/domain';
import { Button } from '../../../components/ui/button/button.tsx';
import { useRuntimeConfig } from '../../../config/runtime-config-context.ts';
import { useSubmitSurvey } from '../hooks/use-submit-survey.ts';
import {
  buildSurveyRequest,
  hasTextQuestion,
  missingAnswers,
  type SurveyValues,
} from '../utils/survey-form.ts';
import { SurveyQuestion } from './survey-question.tsx';
import { TextQuestion } from './text-question.tsx';
import './survey.css';

export interface SurveyScreenProps {
  /** The finished service being rated (the survey guard already ran). */
  service: Pick<Service, '_id' | 'branch' | 'situation'>;
  /** The service changed on the server (answered, or cancelled meanwhile): refresh it. */
  onServiceChanged?: () => void;
}

/**
 * SPEC 2 "Survey: 'Tell us your experience', legend 1 star = poor, 5 stars = excellent; questions
 * depend on brand; Confirm submits." Star questions must be answered (decision 310).
 */
export function SurveyScreen({ service, onServiceChanged }: SurveyScreenProps) {
  const { t } = useTranslation(['survey', 'common']);
  const { brand } = useRuntimeConfig();
  const { questions } = brand.survey;
  const [values, setValues] = useState<SurveyValues>({});
  const [comments, setComments] = useState('');
  const [missing, setMissing] = useState<SurveyAnswerKey[]>([]);
  const formRef = useRef<HTMLFormElement>(null);
  const errorPrefix = useId();
  const submit = useSubmitSurvey(service, onServiceChanged);

  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (submit.isPending) return;
    const unanswered = missingAnswers(questions, values);
    setMissing(unanswered);
    if (unanswered.length > 0) {
      // Take the customer to the first question that still needs stars.
      const first = formRef.current?.querySelector<HTMLElement>(
        `[data-question="${unanswered[0] ?? ''}"] input`,
      );
      first?.focus();
      return;
    }
    submit.mutate(buildSurveyRequest({ questions, values, comments, serviceId: service._id }));
  };

  return (
    <main className="survey">
      <h1 className="survey__title">{t('survey.title')}</h1>
      <p className="survey__legend">{t('survey.legend')}</p>
      <form ref={formRef} className="survey__form" noValidate onSubmit={onSubmit}>
        {questions.map((question) => {
          const isMissing = missing.includes(question.key);
          const errorId = isMissing ? `${errorPrefix}-${question.key}` : undefined;
          return (
            <div key={question.key} data-question={question.key}>
              <SurveyQuestion
                question={question}
                value={values[question.key]}
                errorId={errorId}
                onChange={(value) => {
                  setValues((current) => ({ ...current, [question.key]: value }));
                  setMissing((current) => current.filter((key) => key !== question.key));
                }}
              />
              {isMissing ? (
                <p id={errorId} className="survey__error">
                  {t('survey.starsRequired')}
                </p>
              ) : null}
            </div>
          );
        })}
        {hasTextQuestion(questions) ? null : (
          <TextQuestion label={t('survey.comments')} value={comments} onChange={setComments} />
        )}
        {submit.isError ? (
          <p className="survey__error survey__error--submit" role="alert">
            {t('survey.submitFailed')}
          </p>
        ) : null}
        <div className="survey__actions">
          <Button type="submit" disabled={submit.isPending} aria-busy={submit.isPending}>
            {submit.isPending ? t('survey.sending') : t('survey.confirm')}
          </Button>
        </div>
      </form>
    </main>
  );
}
