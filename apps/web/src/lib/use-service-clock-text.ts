import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { ServiceClock } from '@auxilio/domain';

/**
 * The text of a service's clock time (decision 645): '2:30PM', or '2:30PM (hora de Puerto Rico)'
 * when the device's own clock reads differently.
 */
export function useServiceClockText(): (clock: ServiceClock) => string {
  const { t } = useTranslation('common');
  return useCallback(
    (clock: ServiceClock) =>
      clock.zoneOf
        ? t('serviceClock.inZone', {
            time: clock.time,
            place: t(`serviceClock.places.${clock.zoneOf}`),
          })
        : clock.time,
    [t],
  );
}
