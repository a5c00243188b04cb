import { isAppOriginated } from '@auxilio/domain';
import { useFinishJourney } from '../../features/service-end/index.ts';
import { useService } from '../../api/service-query.ts';
import { SocialScreen } from '../../features/social/index.ts';
import { useSessionStore } from '../../stores/session-store.ts';

/** /social: SPEC 2 "Share your experience"; Finish resets (SPEC 4 "Reset"). */
export function Component() {
  const service = useService();
  const integrations = useSessionStore((state) => state.session.integrations);
  const finish = useFinishJourney(isAppOriginated(service.data ?? null, { integrations }));
  return <SocialScreen onDone={finish} />;
}
