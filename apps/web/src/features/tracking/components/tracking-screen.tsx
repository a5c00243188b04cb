import { Suspense, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AccountConfigSchema,
  ANIMATION_TRACKING_MS,
  deviceTimeZone,
  driverIdOf,
  feesApply,
  isValidCoordinate,
  POLL_TRACKING_MS,
  PROGRESS_REFRESH_MS,
  trackingAnimationSteps,
  trackingProgressStep,
  trackingTitle,
  type LatLng,
  type Service,
} from '@auxilio/domain';
import { useRuntimeConfig } from '../../../config/runtime-config-context.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { useAccount } from '../../../api/get-account.ts';
import { useServiceClockText } from '../../../lib/use-service-clock-text.ts';
import { useDriverDetails } from '../api/get-driver.ts';
import { useFollowService } from '../hooks/use-follow-service.ts';
import { useLiveService } from '../hooks/use-live-service.ts';
import { useNow } from '../hooks/use-now.ts';
import { useAfterFirstPaint } from '../hooks/use-after-first-paint.ts';
import { useRotatingStep } from '../hooks/use-rotating-step.ts';
import { estimatedTimeText, simulatedProgress } from '../utils/tracking-view.ts';
import { DriverCard } from './driver-card.tsx';
import { NoServiceNotice } from './no-service-notice.tsx';
import { ProgressBar } from './progress-bar.tsx';
import { TrackingAnimation } from './tracking-animation.tsx';
import { TrackingSkeleton } from './tracking-skeleton.tsx';
import './tracking.css';

const DEFAULT_ACCOUNT_CONFIG = AccountConfigSchema.parse({});

/** What the map needs: the situation, the driver's last position and the destination. */
export interface TrackingMapInput {
  situation: LatLng | null;
  driver: LatLng | null;
  destination: LatLng | null;
  /** The driver has reached the situation (arrived or towed): the route then leads on. */
  reached: boolean;
}

/** Controls composed by the route from other features (they never import each other). */
export interface TrackingSlots {
  renderMap: (input: TrackingMapInput) => ReactNode;
  renderContact: (service: Service) => ReactNode;
  renderShare: (service: Service) => ReactNode;
  renderFees: (service: Service) => ReactNode;
  cancelSlot?: ReactNode;
}

/**
 * SPEC 2 "Tracking": title by trip status, the estimated time while on route, the 4-step progress
 * bar, the driver's details with call and note, the map with the driver moving (rotating with
 * reminders while Accepted), share, and the fee drawer. Live via the stream, else the 17.4 s poll
 * (SPEC 4). Status first (decision 750): the status, time and driver come first on the
 * screen, skeletons of their size hold their place while the service loads, and the map starts only
 * once they are on screen.
 */
export function TrackingScreen(slots: TrackingSlots) {
  // The screen's texts load while the service does, not after it; the skeleton needs none of them.
  useTranslation('tracking', { useSuspense: false });
  const live = useLiveService(POLL_TRACKING_MS);
  const service = live.data;
  useFollowService('tracking', service);
  if (!live.hasService) return <NoServiceNotice />;
  if (!service) return <TrackingSkeleton failed={live.isError} />;
  return (
    <Suspense fallback={<TrackingSkeleton failed={false} />}>
      <TrackingView service={service} {...slots} />
    </Suspense>
  );
}

function TrackingView({ service, ...slots }: TrackingSlots & { service: Service }) {
  const { t } = useTranslation('tracking');
  const config = useRuntimeConfig();
  const accountId = useSessionStore((state) => state.session.accountId);
  const account = useAccount(accountId ?? service.account);
  const accountConfig = account.data?.config ?? DEFAULT_ACCOUNT_CONFIG;
  const now = useNow(PROGRESS_REFRESH_MS);
  const details = useDriverDetails(driverIdOf(service.driver));
  // The map and the controls below the fold wait for the status to be on screen (decision 750).
  const painted = useAfterFirstPaint();

  const steps = trackingAnimationSteps({ service, brand: config.brand, accountConfig });
  const stepIndex = useRotatingStep(steps.length, ANIMATION_TRACKING_MS);
  const title = trackingTitle(service);
  const clockText = useServiceClockText();
  // Clock formats are costly to build on a slow phone: once per service change or 10 s tick, not
  // on every render (the reminders, the driver's details, the account).
  const deviceZone = deviceTimeZone();
  const eta = useMemo(
    () => estimatedTimeText(service, now, deviceZone),
    [service, now, deviceZone],
  );
  const progress = trackingProgressStep(service);
  const driverPoint =
    pointOf(service.driver?.lat, service.driver?.lng) ?? service.locations.provider;
  const driver = service.driver
    ? {
        ...service.driver,
        employeeImage: details.data?.employeeImage ?? service.driver.employeeImage,
        vehicleImage: details.data?.vehicleImage ?? service.driver.vehicleImage,
      }
    : null;
  const map = painted
    ? slots.renderMap({
        situation: service.locations.situation,
        driver: driverPoint ? { lat: driverPoint.lat, lng: driverPoint.lng } : null,
        destination: service.locations.destination,
        reached: progress === 4,
      })
    : null;

  return (
    <main className="tracking">
      <div className="tracking__status">
        <h1 className="tracking__title">{t(title.key, { name: title.name })}</h1>
        {eta && (
          <p className="tracking__eta">{t('tracking.estimatedTime', { time: clockText(eta) })}</p>
        )}
      </div>
      {progress !== null && (
        <ProgressBar
          step={progress}
          driveProgress={progress === 3 ? simulatedProgress(service, now) : null}
        />
      )}
      {driver && (
        <DriverCard
          driver={driver}
          situation={service.situation}
          actions={slots.renderContact(service)}
        />
      )}
      <TrackingAnimation
        step={steps[stepIndex] ?? 'map'}
        map={map}
        mapPending={!painted}
        distanceMeters={service.driver?.distance ?? null}
        address={service.locations.situation?.address ?? null}
      />
      {/* Below the fold, rendered after the status is on screen: controls whose texts (e.g. the
          cancel dialog's) arrive later never hold the status back. */}
      {painted && (
        <Suspense fallback={null}>
          <div className="tracking__row">{slots.renderShare(service)}</div>
          {feesApply({
            brandFeesApply: config.brand.feesApply,
            legacyReceiptPreview: accountConfig.legacyReceiptPreview,
          }) && slots.renderFees(service)}
          {slots.cancelSlot && <div className="tracking__cancel">{slots.cancelSlot}</div>}
        </Suspense>
      )}
    </main>
  );
}

/**
 * The driver's reported position, or null when there is none: SPEC 5 "Coordinates are valid only if
 * both lat and lng are non-zero".
 */
function pointOf(lat: number | null | undefined, lng: number | null | undefined): LatLng | null {
  if (lat == null || lng == null) return null;
  const point = { lat, lng };
  return isValidCoordinate(point) ? point : null;
}
