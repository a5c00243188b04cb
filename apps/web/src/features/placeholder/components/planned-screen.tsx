import { useTranslation } from 'react-i18next';
import './planned-screen.css';

export interface PlannedScreenProps {
  /** Namespace holding the screen's title. */
  ns: string;
  /** Key of the title inside the namespace, e.g. 'tracking.title'. */
  titleKey: string;
}

/**
 * A route of SPEC 2 that a later version builds: it names its purpose and says so plainly, and
 * offers nothing that pretends to work.
 */
export function PlannedScreen({ ns, titleKey }: PlannedScreenProps) {
  const { t } = useTranslation([ns, 'common']);
  return (
    <main className="planned">
      <h1 className="planned__title">{t(titleKey, { ns })}</h1>
      <p className="planned__text">{t('planned', { ns: 'common' })}</p>
    </main>
  );
}
