import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditEntry, TimelineEntry } from '@auxilio/domain';
import { timelineLines } from '../utils/timeline-lines.ts';

function useClockText(): (iso: string) => string {
  const { i18n } = useTranslation('dispatcher');
  return (iso) =>
    new Date(iso).toLocaleTimeString(i18n.language, {
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
}

export interface ServiceTimelineProps {
  entries: readonly TimelineEntry[];
  driverName: (driverId: string) => string | null;
}

/** The service's history in words, oldest first; runs of positions fold into one line. */
export function ServiceTimeline({ entries, driverName }: ServiceTimelineProps) {
  const { t } = useTranslation('dispatcher');
  const clock = useClockText();
  const lines = useMemo(() => timelineLines(entries, driverName), [entries, driverName]);
  if (lines.length === 0) return <p className="dispatcher-muted">{t('detail.noTimeline')}</p>;
  return (
    <ol className="dispatcher-timeline">
      {lines.map((line) => {
        const keyed = Object.fromEntries(
          Object.entries(line.keyedValues ?? {}).map(([name, key]) => [name, t(key)]),
        );
        return (
          <li key={line.id} className="dispatcher-timeline__line">
            <time dateTime={line.at} className="dispatcher-muted">
              {clock(line.at)}
            </time>
            <span>{t(line.key, { ...line.values, ...keyed })}</span>
          </li>
        );
      })}
    </ol>
  );
}

/** The audit log of the service: who did what, when, and why. */
export function AuditLines({ entries }: { entries: readonly AuditEntry[] }) {
  const { t } = useTranslation('dispatcher');
  const clock = useClockText();
  if (entries.length === 0) return <p className="dispatcher-muted">{t('detail.noAudit')}</p>;
  return (
    <ol className="dispatcher-timeline">
      {entries.map((entry) => (
        <li key={entry.id} className="dispatcher-timeline__line">
          <span>
            {t('audit.line', {
              time: clock(entry.at),
              who: entry.dispatcher.name,
              action: t(`audit.action.${entry.action}`),
            })}
          </span>
          {entry.reason ? (
            <span className="dispatcher-muted">{t('audit.reason', { reason: entry.reason })}</span>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
