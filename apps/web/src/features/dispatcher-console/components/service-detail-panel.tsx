import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoardDriver, BoardService } from '@auxilio/domain';
import type { DispatcherApi } from '../api/dispatcher-api.ts';
import { useServiceDetail } from '../hooks/use-service-detail.ts';
import { useServiceWords } from '../hooks/use-service-words.ts';
import { actionErrorText, isSignedOutError } from '../utils/action-error.ts';
import { ActionFeedback } from './action-feedback.tsx';
import { AssignPanel } from './assign-panel.tsx';
import { CancelServiceDialog } from './cancel-service-dialog.tsx';
import { CustomerCard } from './customer-card.tsx';
import { MessageForm } from './message-form.tsx';
import { PlacesMap } from './places-map.tsx';
import { AuditLines, ServiceTimeline } from './service-timeline.tsx';

export interface ServiceDetailPanelProps {
  api: DispatcherApi;
  token: string;
  serviceId: string;
  /** The service's live board row, when it is still open on the board. */
  row: BoardService | undefined;
  onlineDrivers: readonly BoardDriver[];
  driverName: (driverId: string) => string | null;
  onClose: () => void;
  onSignedOut: () => void;
}

type OpenTool = 'assign' | 'message' | null;

/**
 * The newer of the board's row and the detail's: an action answers with the detail before the
 * board's stream brings the same change.
 */
function fresherRow(
  row: BoardService | undefined,
  detailed: BoardService | undefined,
): BoardService | undefined {
  if (!row || !detailed) return row ?? detailed;
  return Date.parse(detailed.updatedAt) > Date.parse(row.updatedAt) ? detailed : row;
}

/**
 * One service beside the board (URL `?service=<id>`): where, who, what happened and what the
 * dispatchers did, with the actions (assign, cancel, text). It reads the detail again whenever the
 * service's board row changes.
 */
export function ServiceDetailPanel({
  api,
  token,
  serviceId,
  row,
  onlineDrivers,
  driverName,
  onClose,
  onSignedOut,
}: ServiceDetailPanelProps) {
  const { t } = useTranslation('dispatcher');
  const { situationName } = useServiceWords();
  const detail = useServiceDetail(api, token, serviceId, row?.updatedAt ?? null);
  const [tool, setTool] = useState<OpenTool>(null);
  const [cancelling, setCancelling] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const service = fresherRow(row, detail.data?.service);
  const signedOut = detail.isError && isSignedOutError(detail.error);
  useEffect(() => {
    if (signedOut) onSignedOut();
  }, [signedOut, onSignedOut]);

  const name = service ? t('detail.name', { number: service.serviceNumber }) : t('detail.loading');
  const toggle = (next: OpenTool) => {
    setTool((current) => (current === next ? null : next));
    setDone(null);
  };
  /** An action worked: its form closes, and what it did stays said under the buttons. */
  const finish = (message: string) => {
    setTool(null);
    setDone(message);
  };
  const data = detail.data;
  const open = data ? data.cancellationReason === null : false;

  return (
    <section className="dispatcher-detail" aria-label={name}>
      <header className="dispatcher-detail__header">
        <div>
          <h2 className="dispatcher-detail__title">{name}</h2>
          {service ? (
            <p className="dispatcher-muted">
              <span className={`dispatcher-stage dispatcher-stage--${service.stage}`}>
                {t(`stage.${service.stage}`)}
              </span>{' '}
              {situationName(service.situation)} · {t(`serviceType.${service.serviceType}`)}
            </p>
          ) : null}
          {service ? (
            <p className="dispatcher-detail__address">{service.address ?? t('detail.noAddress')}</p>
          ) : null}
        </div>
        <button
          type="button"
          className="dispatcher-button dispatcher-button--quiet"
          onClick={onClose}
        >
          {t('detail.close')}
        </button>
      </header>

      {detail.isPending ? (
        <p className="dispatcher-muted" aria-busy="true">
          {t('detail.loading')}
        </p>
      ) : detail.isError ? (
        <ActionFeedback
          done={null}
          error={`${t('detail.loadFailed')} ${actionErrorText(t, detail.error)}`}
        />
      ) : data && service ? (
        <div className="dispatcher-detail__body">
          {service.driver ? (
            <p className="dispatcher-block__strong">
              {t('detail.driver', { name: service.driver.name })}
            </p>
          ) : null}
          {data.cancellationReason ? (
            <p className="dispatcher-notice dispatcher-notice--warning">
              {t('detail.cancellationReason', { reason: data.cancellationReason })}
            </p>
          ) : null}

          {open ? (
            <div className="dispatcher-actions">
              <div className="dispatcher-row">
                <button
                  type="button"
                  className="dispatcher-button dispatcher-button--primary"
                  aria-expanded={tool === 'assign'}
                  onClick={() => {
                    toggle('assign');
                  }}
                >
                  {service.driver ? t('actions.reassign') : t('actions.assign')}
                </button>
                <button
                  type="button"
                  className="dispatcher-button"
                  aria-expanded={tool === 'message'}
                  onClick={() => {
                    toggle('message');
                  }}
                >
                  {t('actions.message')}
                </button>
                <button
                  type="button"
                  className="dispatcher-button dispatcher-button--danger"
                  onClick={() => {
                    setDone(null);
                    setCancelling(true);
                  }}
                >
                  {t('actions.cancel')}
                </button>
              </div>
              {tool === 'assign' ? (
                <AssignPanel
                  api={api}
                  token={token}
                  serviceId={serviceId}
                  onlineDrivers={onlineDrivers}
                  currentDriverId={service.driver?.id ?? null}
                  onAssigned={finish}
                  onSignedOut={onSignedOut}
                />
              ) : null}
              {tool === 'message' ? (
                <MessageForm
                  api={api}
                  token={token}
                  serviceId={serviceId}
                  onSent={finish}
                  onSignedOut={onSignedOut}
                />
              ) : null}
              <CancelServiceDialog
                api={api}
                token={token}
                serviceId={serviceId}
                serviceNumber={service.serviceNumber}
                open={cancelling}
                onClose={() => {
                  setCancelling(false);
                }}
                onCancelled={(message) => {
                  setCancelling(false);
                  finish(message);
                }}
                onSignedOut={onSignedOut}
              />
            </div>
          ) : null}
          {/* Outside the actions: a cancelled service has none, and still says it was cancelled. */}
          <ActionFeedback done={done} error={null} />

          <CustomerCard
            key={serviceId}
            api={api}
            token={token}
            serviceId={serviceId}
            customer={data.customer}
            onSignedOut={onSignedOut}
          />

          <section className="dispatcher-block">
            <h3 className="dispatcher-block__title">{t('detail.situation')}</h3>
            <p>{data.situation.address ?? t('detail.noAddress')}</p>
            {data.destination ? (
              <>
                <h3 className="dispatcher-block__title">{t('detail.destination')}</h3>
                <p>{data.destination.address ?? t('detail.noAddress')}</p>
              </>
            ) : null}
            <PlacesMap situation={data.situation} destination={data.destination} />
          </section>

          <section className="dispatcher-block">
            <h3 className="dispatcher-block__title">{t('detail.vehicle')}</h3>
            {data.vehicle ? (
              <p>
                {[data.vehicle.make, data.vehicle.model, data.vehicle.color]
                  .filter(Boolean)
                  .join(' · ')}
                {data.vehicle.plate ? ` · ${t('detail.plate', { plate: data.vehicle.plate })}` : ''}
              </p>
            ) : (
              <p className="dispatcher-muted">{t('detail.noVehicle')}</p>
            )}
            <h3 className="dispatcher-block__title">{t('detail.notes')}</h3>
            <p className={data.notes ? '' : 'dispatcher-muted'}>
              {data.notes ?? t('detail.noNotes')}
            </p>
          </section>

          <section className="dispatcher-block">
            <h3 className="dispatcher-block__title">{t('detail.timeline')}</h3>
            <ServiceTimeline entries={data.timeline} driverName={driverName} />
          </section>

          <section className="dispatcher-block">
            <h3 className="dispatcher-block__title">{t('detail.audit')}</h3>
            <AuditLines entries={data.audit} />
          </section>
        </div>
      ) : null}
    </section>
  );
}
