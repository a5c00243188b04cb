import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button/button.tsx';
import './social.css';

export interface FeedbackScreenProps {
  /** Ends the journey (SPEC 4 "Reset"). */
  onDone: () => void;
}

/** /feedback: where the brands with `feedbackAfterSurvey` go after the survey (SPEC 4). */
export function FeedbackScreen({ onDone }: FeedbackScreenProps) {
  const { t } = useTranslation(['survey', 'common']);
  return (
    <main className="post-service">
      <div className="post-service__badge" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="40" height="40">
          <path
            d="M5 12.5l4.5 4.5L19 7.5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </div>
      <h1 className="post-service__title">{t('feedback.title')}</h1>
      <p className="post-service__text">{t('feedback.text')}</p>
      <div className="post-service__actions">
        <Button onClick={onDone}>{t('feedback.done')}</Button>
      </div>
    </main>
  );
}
