import { useTranslation } from 'react-i18next';
import type { SharedLinkFailure } from '../api/shared-service-query.ts';

/** A link that cannot open: expired (410, 24 h after the service ended) or not valid (decision 474). */
export function LinkProblem({ failure }: { failure: SharedLinkFailure }) {
  const { t } = useTranslation('shared-link');
  return (
    <main className="shared-tracking">
      <h1 className="shared-tracking__title">{t(`errors.${failure}.title`)}</h1>
      <p role="alert">{t(`errors.${failure}.text`)}</p>
    </main>
  );
}
