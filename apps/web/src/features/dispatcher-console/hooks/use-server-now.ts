import { useEffect, useState } from 'react';

// The console's clock: the browser's, corrected by the server's (the snapshot's `serverTime`), so
// ages and breaches read the same on every desk whatever its own clock says. It ticks so that ages
// and breach highlights move as time passes without any new event.

/** The server's time now, re-rendered every `everyMs` (1 s by default). */
export function useServerNow(offsetMs: number, everyMs = 1000): Date {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => {
      setNow(Date.now());
    }, everyMs);
    return () => {
      clearInterval(timer);
    };
  }, [everyMs]);
  return new Date(now + offsetMs);
}
