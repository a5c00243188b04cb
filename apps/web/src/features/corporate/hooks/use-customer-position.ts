import { useCallback, useEffect, useState } from 'react';
import type { LatLng } from '@auxilio/domain';

export type PositionStatus = 'idle' | 'locating' | 'located' | 'denied' | 'unavailable';

// Coarse on purpose: sorting centres by distance needs no GPS fix, and a recent cached position
// answers at once on a weak signal. SPEC 9's high-accuracy options are for the situation of a service.
const OPTIONS: PositionOptions = {
  enableHighAccuracy: false,
  timeout: 10_000,
  maximumAge: 300_000,
};

/**
 * The customer's position for "nearest first": asked only when the customer taps for it, or at once
 * when the browser already has the permission (no prompt then).
 */
export function useCustomerPosition(): {
  status: PositionStatus;
  position: LatLng | null;
  locate: () => void;
} {
  const [status, setStatus] = useState<PositionStatus>('idle');
  const [position, setPosition] = useState<LatLng | null>(null);

  const locate = useCallback(() => {
    if (typeof navigator === 'undefined' || !('geolocation' in navigator)) {
      setStatus('unavailable');
      return;
    }
    setStatus('locating');
    navigator.geolocation.getCurrentPosition(
      (found) => {
        setPosition({ lat: found.coords.latitude, lng: found.coords.longitude });
        setStatus('located');
      },
      (error) => {
        setStatus(error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable');
      },
      OPTIONS,
    );
  }, []);

  useEffect(() => {
    let cancelled = false;
    const permissions = typeof navigator === 'undefined' ? undefined : navigator.permissions;
    permissions
      ?.query({ name: 'geolocation' })
      .then((permission) => {
        if (!cancelled && permission.state === 'granted') locate();
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [locate]);

  return { status, position, locate };
}
