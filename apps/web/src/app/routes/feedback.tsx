import { isAppOriginated } from '@auxilio/domain';
import { useFinishJourney } from '../../features/service-end/index.ts';
import { useService } from '../../api/service-query.ts';
import { FeedbackScreen } from '../../features/social/index.ts';
import { useSessionStore } from '../../stores/session-store.ts';

/** /feedback: the thanks screen of the brands that go there after the survey (SPEC 4). */
export function Component() {
  const service = useService();
  const integrations = useSessionStore((state) => state.session.integrations);
  const finish = useFinishJourney(isAppOriginated(service.data ?? null, { integrations }));
  return <FeedbackScreen onDone={finish} />;
}
