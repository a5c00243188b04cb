import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import type { DispatcherSession } from '@auxilio/domain';
import { useBoardStream } from '../hooks/use-board-stream.ts';
import { useDispatcherApi } from '../hooks/use-dispatcher-api.ts';
import { useServerNow } from '../hooks/use-server-now.ts';
import {
  filterOptionsOf,
  matchesFilters,
  NO_FILTERS,
  type BoardFilters,
} from '../utils/board-filters.ts';
import { DISPATCHER_HOME_PATH } from '../utils/dispatcher-sign-in.ts';
import { BoardFiltersBar } from './board-filters-bar.tsx';
import { BoardHeader } from './board-header.tsx';
import { BoardMap } from './board-map.tsx';
import { BoardTable } from './board-table.tsx';
import { DriversPanel } from './drivers-panel.tsx';
import { GeotextPanel } from './geotext-panel.tsx';
import { ServiceDetailPanel } from './service-detail-panel.tsx';
import './dispatcher.css';

export interface DispatcherConsoleProps {
  session: DispatcherSession;
  /** The session ended: `expired` when the server refused it, false when the dispatcher left. */
  onSignedOut: (expired: boolean) => void;
}

/**
 * The signed-in console (docs/decisions/762): the live board of open services with its filters,
 * the map and the drivers beside it, and the service open in the side panel (`?service=<id>`, so
 * it survives a reload).
 */
export function DispatcherConsole({ session, onSignedOut }: DispatcherConsoleProps) {
  const { t } = useTranslation('dispatcher');
  const api = useDispatcherApi();
  const { token } = session;
  const expired = useCallback(() => {
    onSignedOut(true);
  }, [onSignedOut]);
  const { board, connection } = useBoardStream(api, token, expired);
  const now = useServerNow(board?.clockOffsetMs ?? 0);
  const [filters, setFilters] = useState<BoardFilters>(NO_FILTERS);
  const [geotextOpen, setGeotextOpen] = useState(false);
  const search = useSearch();
  const [, navigate] = useLocation();
  const selectedId = new URLSearchParams(search).get('service');

  const services = useMemo(() => board?.services ?? [], [board]);
  const drivers = useMemo(() => board?.drivers ?? [], [board]);
  const options = useMemo(() => filterOptionsOf(services), [services]);
  const shown = useMemo(
    () => services.filter((service) => matchesFilters(service, filters)),
    [services, filters],
  );
  const onlineDrivers = useMemo(() => drivers.filter((driver) => driver.online), [drivers]);
  const driverName = useCallback(
    (driverId: string) => drivers.find((driver) => driver.id === driverId)?.name ?? null,
    [drivers],
  );
  const selectedRow = services.find((service) => service._id === selectedId);

  const select = (serviceId: string) => {
    navigate(`${DISPATCHER_HOME_PATH}?service=${encodeURIComponent(serviceId)}`);
  };
  const signOut = () => {
    // The console ends its session whatever the server answers.
    void api.signOut(token).catch(() => undefined);
    onSignedOut(false);
  };

  return (
    <div className="dispatcher">
      <BoardHeader
        dispatcherName={session.dispatcher.name}
        connection={connection}
        onGeotext={() => {
          setGeotextOpen(true);
        }}
        onSignOut={signOut}
      />
      <div className="dispatcher__layout">
        <section className="dispatcher__board" aria-labelledby="dispatcher-board-title">
          <div className="dispatcher__board-top">
            <h2 id="dispatcher-board-title" className="dispatcher__section-title">
              {t('board.title')}
            </h2>
            <span className="dispatcher-muted">{t('board.count', { count: shown.length })}</span>
            <BoardFiltersBar options={options} filters={filters} onChange={setFilters} />
          </div>
          {!board ? (
            <p className="dispatcher-muted" aria-busy="true">
              {t('board.loading')}
            </p>
          ) : shown.length === 0 ? (
            <p className="dispatcher-muted">
              {services.length === 0 ? t('board.empty') : t('board.emptyFiltered')}
            </p>
          ) : (
            <div className="dispatcher__table-wrap">
              <BoardTable services={shown} now={now} selectedId={selectedId} onSelect={select} />
            </div>
          )}
        </section>
        <aside className="dispatcher__side">
          <div className="dispatcher__map">
            <BoardMap services={shown} drivers={drivers} />
          </div>
          <section className="dispatcher__drivers" aria-labelledby="dispatcher-drivers-title">
            <h2 id="dispatcher-drivers-title" className="dispatcher__section-title">
              {t('drivers.title')}
            </h2>
            <DriversPanel drivers={drivers} now={now} onOpenService={select} />
          </section>
        </aside>
      </div>
      {selectedId ? (
        <div className="dispatcher__drawer">
          <ServiceDetailPanel
            key={selectedId}
            api={api}
            token={token}
            serviceId={selectedId}
            row={selectedRow}
            onlineDrivers={onlineDrivers}
            driverName={driverName}
            onClose={() => {
              navigate(DISPATCHER_HOME_PATH);
            }}
            onSignedOut={expired}
          />
        </div>
      ) : null}
      {geotextOpen ? (
        <div className="dispatcher__drawer dispatcher__drawer--geotext">
          <GeotextPanel
            api={api}
            token={token}
            service={
              selectedRow ? { id: selectedRow._id, number: selectedRow.serviceNumber } : null
            }
            onClose={() => {
              setGeotextOpen(false);
            }}
            onSignedOut={expired}
          />
        </div>
      ) : null}
    </div>
  );
}
