import { useTranslation } from 'react-i18next';
import { platformFromUserAgent, rankServiceCenters, telLink, type Branch } from '@auxilio/domain';
import { Button } from '../../../components/ui/button/button.tsx';
import { useRuntimeConfig } from '../../../config/runtime-config-context.ts';
import { LazyMapView, type MapMarker } from '../../../lib/map/index.ts';
import { useServiceCenters } from '../api/get-service-centers.ts';
import { useCustomerPosition } from '../hooks/use-customer-position.ts';
import { viewportFor } from '../utils/map-viewport.ts';
import { CenterCard } from './center-card.tsx';
import './corporate.css';

export interface ServiceCentersScreenProps {
  /** Branch of the account in use (its centres first); null while unknown. */
  branch: Branch | null;
  /** The brand's help phone, for a brand that lists no centres. */
  helpPhone: string | null;
}

/**
 * SPEC 2 "/corporate/centers" (content not shown, decision 621): the brand's service centres on a
 * map and as cards (address, hours, open now, call, directions), nearest first once the customer
 * shares the location.
 */
export function ServiceCentersScreen({ branch, helpPhone }: ServiceCentersScreenProps) {
  const { t } = useTranslation('corporate');
  const config = useRuntimeConfig();
  const centers = useServiceCenters();
  const customer = useCustomerPosition();
  const platform = platformFromUserAgent(navigator.userAgent, navigator.maxTouchPoints);
  const now = new Date();

  const ranked = rankServiceCenters({
    centers: centers.data ?? [],
    branch: branch ?? config.brand.country,
    from: customer.position,
  });
  const markers: MapMarker[] = ranked.map(({ center }) => ({
    id: center.id,
    kind: 'destination',
    position: center.location,
    label: center.name,
  }));
  if (customer.position) {
    markers.push({
      id: 'customer',
      kind: 'situation',
      position: customer.position,
      label: t('centers.you'),
    });
  }
  // With a position, the map frames the customer and the three nearest centres; else all centres.
  const framed = customer.position
    ? [customer.position, ...ranked.slice(0, 3).map(({ center }) => center.location)]
    : markers.map((m) => m.position);
  const viewport = viewportFor(framed);

  return (
    <main className="corporate">
      <h1 className="corporate__title">{t('centers.title')}</h1>
      <p className="corporate__lead">{t('centers.lead', { brand: config.brand.name })}</p>
      {centers.isPending ? (
        <p className="screen-loading" role="status">
          {t('centers.loading')}
        </p>
      ) : centers.isError ? (
        <div role="alert" className="corporate__note">
          <p>{t('centers.loadError')}</p>
          <Button variant="secondary" onClick={() => void centers.refetch()}>
            {t('centers.retry')}
          </Button>
        </div>
      ) : ranked.length === 0 ? (
        <p className="corporate__note">
          {t('centers.none')}{' '}
          {helpPhone ? <a href={telLink(helpPhone)}>{t('centers.callUs')}</a> : null}
        </p>
      ) : (
        <>
          {viewport ? (
            <div className="centers-map">
              <LazyMapView
                // A new frame once the position is known: drawn afresh rather than eased.
                key={customer.position ? 'near-me' : 'all'}
                center={viewport.center}
                zoom={viewport.zoom}
                markers={markers}
                height="220px"
                ariaLabel={t('centers.mapLabel')}
              />
            </div>
          ) : null}
          <LocateRow status={customer.status} onLocate={customer.locate} />
          <ul className="centers-list" aria-label={t('centers.listLabel')}>
            {ranked.map((item) => (
              <CenterCard key={item.center.id} ranked={item} platform={platform} now={now} />
            ))}
          </ul>
        </>
      )}
    </main>
  );
}

function LocateRow({
  status,
  onLocate,
}: {
  status: ReturnType<typeof useCustomerPosition>['status'];
  onLocate: () => void;
}) {
  const { t } = useTranslation('corporate');
  if (status === 'located') {
    return (
      <p className="corporate__note" role="status">
        {t('centers.sortedByDistance')}
      </p>
    );
  }
  return (
    <div className="centers-locate">
      <Button variant="secondary" onClick={onLocate} disabled={status === 'locating'}>
        {status === 'locating' ? t('centers.locating') : t('centers.nearest')}
      </Button>
      {status === 'denied' || status === 'unavailable' ? (
        <p className="corporate__note" role="status">
          {t(status === 'denied' ? 'centers.denied' : 'centers.unavailable')}
        </p>
      ) : null}
    </div>
  );
}
