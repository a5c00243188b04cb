import { useRuntimeConfig } from '../../config/runtime-config-context.ts';
import { CancelServiceButton } from '../../features/cancellation/index.ts';
import { CallDriverButton } from '../../features/driver-contact/components/call-driver-button.tsx';
import { NoteDriverButton } from '../../features/driver-contact/components/note-driver-button.tsx';
import { FeeDrawer } from '../../features/fees/components/fee-drawer.tsx';
import { ShareButton } from '../../features/share/components/share-button.tsx';
import { TrackingMap } from '../../features/tracking/components/tracking-map.tsx';
import { TrackingScreen } from '../../features/tracking/components/tracking-screen.tsx';
import { useSessionStore } from '../../stores/session-store.ts';

/** /tracking: SPEC 2 "Tracking", composed from the tracking, contact, share and fee features. */
export function Component() {
  const config = useRuntimeConfig();
  const brand = useSessionStore((state) => state.session.brand) ?? config.brand.slug;
  const isFromWebview = useSessionStore((state) => state.session.userExternalParams.isFromWebview);
  return (
    <TrackingScreen
      renderMap={(input) => <TrackingMap {...input} />}
      renderContact={(service) => {
        const driver = service.driver;
        if (!driver?.phone) return null;
        return (
          <>
            <CallDriverButton phone={driver.phone} driverName={driver.name} />
            <NoteDriverButton
              serviceNumber={service.serviceNumber}
              driverPhone={driver.phone}
              branch={service.branch}
            />
          </>
        );
      }}
      renderShare={(service) => (
        <ShareButton serviceId={service._id} brand={brand} isFromWebview={isFromWebview} />
      )}
      renderFees={(service) => <FeeDrawer service={service} />}
      cancelSlot={<CancelServiceButton />}
    />
  );
}
