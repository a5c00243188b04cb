import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import {
  canContinueFromServices,
  chooseService,
  foldTowTiles,
  isTowServiceType,
  otherTileHelpText,
  selectCategory,
  serviceTiles,
  sessionServiceTypes,
  sortServiceTypesByLabel,
  type Account,
  type HomeServiceType,
  type ServiceType,
} from '@auxilio/domain';
import { Button } from '../../../components/ui/button/button.tsx';
import { useRuntimeConfig } from '../../../config/runtime-config-context.ts';
import { partLoadedOnRender } from '../../../lib/part-loaded-on-render.tsx';
import { useSessionStore } from '../../../stores/session-store.ts';
import { useServiceTypes } from '../api/get-service-types.ts';
import { useRoadContinue, type KnownCustomerLookup } from '../hooks/use-road-continue.ts';
import { callDrawerPhone } from '../utils/call-drawer-phone.ts';
import { ServiceIcon } from './service-icon.tsx';
import './services.css';

// The two dialogs open on a tap, never in the first frame: their code (the dialog, the phone
// number's formatting) is not among the scripts the first screen waits for on a weak signal. It
// loads once the screen has rendered, and is precached with the first screens
// (first-screen-precache.ts).
const loadDialogs = () => import('./services-dialogs.ts');
const OtherHelpDialog = partLoadedOnRender(() =>
  loadDialogs().then((module) => module.OtherHelpDialog),
);
const CallDrawer = partLoadedOnRender(() => loadDialogs().then((module) => module.CallDrawer));

export interface ServicesScreenProps {
  /** The account in use; undefined while it loads. */
  account: Account | undefined;
  accountFailed: boolean;
  /** The brand's help phone for the account's branch (the call drawer's last resort). */
  helpPhone: string | null;
  lookup: KnownCustomerLookup;
}

/**
 * SPEC 2 "/services: road tiles or home tiles by current track ... Continue is disabled until a
 * category (home) or situation (road) is chosen." The tow family shows as one tile (decision 271).
 */
export function ServicesScreen({ account, accountFailed, helpPhone, lookup }: ServicesScreenProps) {
  const { t, i18n } = useTranslation('services');
  const [, navigate] = useLocation();
  const session = useSessionStore((state) => state.session);
  const updateSession = useSessionStore((state) => state.updateSession);
  const types = useServiceTypes(session.serviceTypes);
  const road = useRoadContinue({ lookup });
  const { brand } = useRuntimeConfig();
  const [otherOpen, setOtherOpen] = useState(false);
  const track = session.currentTrack;
  // SPEC 2 "An optional Other tile (home track, only when a help text is configured)".
  const otherHelp = otherTileHelpText({ track, account: account ?? null, brand });
  const labelOf = (name: string) => t(`types.${name}`);

  // SPEC 3 Session "serviceTypes (by name, sorted by label)": kept for the next visit.
  const fetched = types.isPlaceholderData ? undefined : types.data;
  useEffect(() => {
    if (!fetched) return;
    updateSession((s) => ({
      ...s,
      serviceTypes: sortServiceTypesByLabel(fetched, labelOf, i18n.language),
    }));
    // labelOf changes with the language only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetched, updateSession, i18n.language]);

  const all = sessionServiceTypes({ all: types.data ?? [], campaign: session.campaign });
  const tiles = account ? serviceTiles({ track, serviceTypes: all, account }) : [];
  const shown = sortServiceTypesByLabel(
    track === 'home' ? tiles : foldTowTiles(tiles),
    labelOf,
    i18n.language,
  );
  const isChosen = (type: ServiceType) =>
    track === 'home'
      ? session.category === type.name
      : session.situation !== null &&
        (session.situation === type.name ||
          (isTowServiceType(session.situation) && isTowServiceType(type.name)));

  const choose = (type: ServiceType) => {
    updateSession((s) => {
      const chosen = { ...chooseService(s, type), answers: [] };
      return track === 'home' ? selectCategory(chosen, type.name as HomeServiceType) : chosen;
    });
  };

  const onContinue = () => {
    if (track === 'home') navigate('/services/home');
    else void road.onContinue();
  };

  const loading = (!account && !accountFailed) || (types.isPending && !types.data);
  const failed = !loading && shown.length === 0 && (accountFailed || types.isError);

  return (
    <main className="flow-screen">
      <h1 className="flow-screen__title">{t('picker.title')}</h1>
      <p className="flow-screen__lead">{t(track === 'home' ? 'picker.leadHome' : 'picker.lead')}</p>
      {loading ? (
        <p role="status">{t('picker.loading')}</p>
      ) : failed ? (
        <div role="alert" className="flow-screen__error">
          <p>{t('picker.loadError')}</p>
          <Button
            variant="secondary"
            onClick={() => {
              void types.refetch();
            }}
          >
            {t('picker.retry')}
          </Button>
        </div>
      ) : (
        <fieldset className="tiles">
          <legend className="visually-hidden">{t('picker.legend')}</legend>
          {shown.map((type) => (
            <label key={type.name} className="tile">
              <input
                className="tile__input"
                type="radio"
                name="service"
                value={type.name}
                checked={isChosen(type)}
                onChange={() => {
                  choose(type);
                }}
              />
              <ServiceIcon name={type.name} className="tile__icon" />
              <span className="tile__label">
                {track === 'road' && isTowServiceType(type.name)
                  ? t('types.tow')
                  : labelOf(type.name)}
              </span>
            </label>
          ))}
          {otherHelp ? (
            <button
              type="button"
              className="tile tile--other"
              onClick={() => {
                setOtherOpen(true);
              }}
            >
              <span className="tile__label">{t('other.tile')}</span>
            </button>
          ) : null}
        </fieldset>
      )}
      <div className="flow-screen__footer">
        {lookup.failed ? (
          <p role="alert" className="flow-screen__error">
            <strong>{t('lookupError.title')}</strong> {t('lookupError.text')}
          </p>
        ) : null}
        <Button
          onClick={onContinue}
          disabled={!canContinueFromServices(session) || lookup.pending}
          aria-busy={lookup.pending}
        >
          {lookup.pending ? t('picker.searching') : t('picker.continue')}
        </Button>
      </div>
      <OtherHelpDialog
        open={otherOpen}
        onClose={() => {
          setOtherOpen(false);
        }}
        text={otherHelp ?? ''}
      />
      <CallDrawer
        open={road.callDrawerOpen}
        onClose={road.closeCallDrawer}
        situation={session.situation}
        phone={callDrawerPhone({ account, helpPhone })}
        branch={account?.branch ?? brand.country}
      />
    </main>
  );
}
