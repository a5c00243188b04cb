import {
  DISPATCH_STEPS,
  SERVICE_STATUSES,
  TRIP_STATUSES,
  type TimelineEntry,
} from '@auxilio/domain';

// A service's history as lines a dispatcher reads (docs/decisions/762): each event type in words,
// runs of driver positions folded into one "N positions" line, and any type the console does not
// know shown by its name, so nothing of the history is hidden.

/** One line: a text key of the `dispatcher` namespace and its values. */
export interface TimelineLine {
  id: string;
  at: string;
  key: string;
  values: Record<string, string | number>;
  /** Values that are themselves text keys, translated before they fill the line. */
  keyedValues?: Record<string, string>;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;
const number = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/**
 * The lines of a history, in its order. `driverName` names a driver by id (the history stores only
 * ids for dispatch steps); an unknown id reads as "a driver".
 */
export function timelineLines(
  entries: readonly TimelineEntry[],
  driverName: (driverId: string) => string | null,
): TimelineLine[] {
  const lines: TimelineLine[] = [];
  let positions: { line: TimelineLine; count: number } | null = null;
  for (const entry of entries) {
    if (entry.type === 'position') {
      if (positions) {
        positions.count += 1;
        positions.line.values = { count: positions.count };
        positions.line.at = entry.at;
      } else {
        const line: TimelineLine = {
          id: `seq-${entry.seq}`,
          at: entry.at,
          key: 'timeline.positions',
          values: { count: 1 },
        };
        positions = { line, count: 1 };
        lines.push(line);
      }
      continue;
    }
    positions = null;
    lines.push({ id: `seq-${entry.seq}`, at: entry.at, ...describe(entry, driverName) });
  }
  return lines;
}

function describe(
  entry: TimelineEntry,
  driverName: (driverId: string) => string | null,
): Pick<TimelineLine, 'key' | 'values' | 'keyedValues'> {
  const { payload } = entry;
  switch (entry.type) {
    case 'created':
      return { key: 'timeline.created', values: {} };
    case 'status': {
      const status = text(payload['status']) ?? '';
      const reason = text(payload['reason']);
      if (status === 'Cancelled' && reason) {
        return { key: 'timeline.cancellation', values: { reason } };
      }
      const key = reason ? 'timeline.statusReason' : 'timeline.status';
      const values: Record<string, string> = reason ? { reason } : {};
      // The legacy status words (SPEC 4) in words; an unknown one as written.
      return SERVICE_STATUSES.some((word) => word === status)
        ? {
            key,
            values,
            keyedValues: { status: `timeline.statusWord.${status.replace(/\s/g, '')}` },
          }
        : { key, values: { ...values, status } };
    }
    case 'trip': {
      const status = text(payload['status']);
      const known = TRIP_STATUSES.find((value) => value === status);
      return known
        ? { key: 'timeline.trip', values: {}, keyedValues: { step: `timeline.tripStep.${known}` } }
        : { key: 'timeline.trip', values: { step: status ?? '' } };
    }
    case 'driver':
      return { key: 'timeline.driver', values: { name: text(payload['name']) ?? '' } };
    case 'eta': {
      const eta = number(payload['eta']);
      return eta === null || eta < 0
        ? { key: 'timeline.etaUnknown', values: {} }
        : { key: 'timeline.eta', values: { minutes: Math.max(1, Math.ceil(eta / 60)) } };
    }
    case 'location':
      return { key: 'timeline.location', values: { address: text(payload['address']) ?? '' } };
    case 'note':
      return { key: 'timeline.note', values: { body: text(payload['body']) ?? '' } };
    case 'tip': {
      const amount = number(payload['amount']);
      const currency = text(payload['currency']) ?? '';
      return {
        key: 'timeline.tip',
        values: {
          amount: amount === null ? '' : `${(amount / 100).toFixed(2)} ${currency}`.trim(),
        },
      };
    }
    case 'payment':
    case 'survey':
    case 'pushOptIn':
    case 'confirmData':
      return { key: `timeline.${entry.type}`, values: {} };
    case 'cancellation':
      return { key: 'timeline.cancellation', values: { reason: text(payload['reason']) ?? '' } };
    case 'dispatch': {
      const step = text(payload['step']);
      const known = DISPATCH_STEPS.find((value) => value === step);
      const driverId = text(payload['driverId']);
      const driver = driverId ? driverName(driverId) : null;
      if (!known) return { key: 'timeline.dispatch.other', values: { step: step ?? '' } };
      return driver
        ? { key: `timeline.dispatch.${known}`, values: { driver } }
        : {
            key: `timeline.dispatch.${known}`,
            values: {},
            keyedValues: { driver: 'timeline.unknownDriver' },
          };
    }
    default:
      return { key: 'timeline.other', values: { type: entry.type } };
  }
}
