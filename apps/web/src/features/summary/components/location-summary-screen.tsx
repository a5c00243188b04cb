import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import {
  canConfirmLocation,
  defaultHomeDate,
  destinationText,
  ESTIMATED_TIME_RANGE,
  feesApply,
  formatMoney,
  hasSurplus,
  isClientFormComplete,
  isHomeDateAllowed,
  isRequestButtonDisabled,
  plainDateInTimeZone,
  requestPriceDetails,
  routeAfterSummary,
  summaryPrice,
  timeZoneOf,
  towPassengersOf,
  vehicleInfoLines,
  type Branch,
} from '@auxilio/domain';
import { Button } from '../../../components/ui/button/button.tsx';
import { useRuntimeConfig } from '../../../config/runtime-config-context.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { useAccount } from '../../../api/get-account.ts';
import { useCustomerFee } from '../../../api/get-customer-fee.ts';
import { HomePriceBlock } from './home-price-block.tsx';
import { HomeSchedulePicker } from './home-schedule-picker.tsx';
import { PriceBlock } from './price-block.tsx';
import { SchedulePicker } from './schedule-picker.tsx';
import { SurplusDialog } from './surplus-dialog.tsx';
import { VehicleInfo } from './vehicle-info.tsx';
import './location-summary.css';

/** What the request button does when the service is submitted directly (SPEC 4). */
export interface SubmitRequest {
  submit: () => Promise<void>;
  isPending: boolean;
  /** Why the last submit failed: no connection, or the server refused the request. */
  failure: 'network' | 'rejected' | null;
}

export interface LocationSummaryScreenProps {
  /** The map above the sheet (composed by the route). */
  map?: ReactNode;
  submitRequest: SubmitRequest;
  now?: () => Date;
}

/**
 * /location/summary (SPEC 2 "Bottom sheet ... then service summary"): where, when (Now / Scheduled),
 * 'Estimated time' '35 - 45', the vehicle, the price and the surplus popup. The request button
 * follows SPEC 4 routeAfterSummary: /payment (connect brand or a surplus), /clients (home track) or
 * the direct submit. On the home track the sheet asks for a date and an availability window instead
 * of Now / Scheduled and shows the service's rate and cost (decision 642).
 */
export function LocationSummaryScreen({
  map,
  submitRequest,
  now = () => new Date(),
}: LocationSummaryScreenProps) {
  const { t } = useTranslation(['location', 'services']);
  const [, navigate] = useLocation();
  const config = useRuntimeConfig();
  const session = useSessionStore((state) => state.session);
  const patchSession = useSessionStore((state) => state.patchSession);
  const updateSession = useSessionStore((state) => state.updateSession);
  const accountId = session.accountId ?? config.accountId;
  const account = useAccount(accountId);
  const branch: Branch =
    account.data?.branch ??
    config.brandAccounts.find((entry) => entry.id === accountId)?.branch ??
    config.brand.country;
  const surplus = hasSurplus(session.surplus) ? session.surplus : null;
  const [surplusOpen, setSurplusOpen] = useState(surplus !== null);
  const [scheduleValid, setScheduleValid] = useState(true);
  const home = session.currentTrack === 'home';
  const today = plainDateInTimeZone(now(), timeZoneOf(branch));
  // SPEC 3 Home notes "date (default two days ahead)": filled once, and again when a stored date is
  // no longer two days ahead (a session resumed later).
  const homeDate = session.homeNotes.date;
  const homeDateStale = home && (homeDate === null || !isHomeDateAllowed(homeDate, today));
  useEffect(() => {
    if (!homeDateStale) return;
    updateSession((s) => ({ ...s, homeNotes: { ...s.homeNotes, date: defaultHomeDate(today) } }));
  }, [homeDateStale, today, updateSession]);

  const feesShown = feesApply({
    brandFeesApply: config.brand.feesApply,
    legacyReceiptPreview: account.data?.config.legacyReceiptPreview ?? false,
  });
  const fee = useCustomerFee(
    feesShown && accountId && session.situation
      ? { branch, situation: session.situation, distance: session.distance ?? 0, accountId }
      : null,
  );
  // The fee travels on to /payment and the request's price (SPEC 3 Session "customerFee").
  const feeCents = fee.data;
  useEffect(() => {
    if (feeCents !== undefined) patchSession({ customerFee: feeCents });
  }, [feeCents, patchSession]);
  const price = summaryPrice({
    brandFeesApply: config.brand.feesApply,
    legacyReceiptPreview: account.data?.config.legacyReceiptPreview ?? false,
    feeCents: fee.data ?? null,
    taxRate: account.data?.tax.rate ?? 0,
    surplus,
  });

  const { situation, destination } = session.locations;
  // Decision 652: the destination the request carries (a tow's), and a tow's passengers (650).
  const destinationLine = destinationText(destination);
  const passengers = session.situation
    ? towPassengersOf(session.situation, session.passengers).passengers
    : undefined;
  const located = canConfirmLocation({
    situationAddress: situation.address,
    serviceType: session.situation,
    destination,
  });
  const next = routeAfterSummary({
    session,
    brand: config.brand,
    clientFormComplete: isClientFormComplete({
      form: session.clientForm,
      track: session.currentTrack,
      lookupMode: config.brand.vehicleLookup,
      now: now(),
    }),
  });
  // SPEC 5 "Request button disabled for home when no availability is chosen".
  const requestBlocked = isRequestButtonDisabled({
    track: session.currentTrack,
    availability: session.homeNotes.availability,
    confirmDataMode: false,
    messageConfirmationStatus: null,
  });
  const toPayment = next.kind === 'route' && next.to === '/payment';
  const lines = vehicleInfoLines({
    clientForm: session.clientForm,
    customerContract: session.customerContract,
    showVinAndPhone: config.brand.vehicleInfoShowsVinAndPhone,
  });

  const onRequest = () => {
    if (next.kind === 'route') navigate(next.to);
    else void submitRequest.submit();
  };

  return (
    <main className="summary-screen">
      {map}
      <section className="summary-sheet" aria-labelledby="summary-title">
        <span className="summary-sheet__handle" aria-hidden="true" />
        <h1 id="summary-title" className="summary-sheet__title">
          {t('summary.title')}
        </h1>
        {located ? (
          <section className="summary-section" aria-label={t('summary.situation')}>
            <dl className="summary-places">
              {home && session.situation ? (
                <div>
                  <dt>{t('home.service')}</dt>
                  <dd>
                    {[
                      t(`services:types.${session.situation}`),
                      session.homeNotes.subService
                        ? t(`services:home.subServices.${session.homeNotes.subService}`)
                        : '',
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </dd>
                </div>
              ) : null}
              <div>
                <dt>{t('summary.situation')}</dt>
                <dd>{situation.prettyAddress || situation.address}</dd>
              </div>
              {destinationLine !== null ? (
                <div>
                  <dt>{t('summary.destination')}</dt>
                  <dd>{destinationLine}</dd>
                </div>
              ) : null}
              {passengers !== undefined ? (
                <div>
                  <dt>{t('summary.passengers')}</dt>
                  <dd>{t('summary.passengersCount', { count: passengers })}</dd>
                </div>
              ) : null}
            </dl>
            <button
              type="button"
              className="summary-link"
              onClick={() => {
                navigate('/location');
              }}
            >
              {t('summary.change')}
            </button>
          </section>
        ) : (
          <section className="summary-section">
            <p className="summary-error" role="alert">
              {t('summary.missing')}
            </p>
            <Button
              variant="secondary"
              onClick={() => {
                navigate('/location');
              }}
            >
              {t('summary.backToLocation')}
            </Button>
          </section>
        )}
        {home && homeDate !== null && !homeDateStale ? (
          <HomeSchedulePicker
            date={homeDate}
            availability={session.homeNotes.availability}
            today={today}
            onDateChange={(date) => {
              updateSession((s) => ({ ...s, homeNotes: { ...s.homeNotes, date } }));
            }}
            onDateValidityChange={setScheduleValid}
            onAvailabilityChange={(availability) => {
              updateSession((s) => ({ ...s, homeNotes: { ...s.homeNotes, availability } }));
            }}
          />
        ) : null}
        {home ? null : (
          <>
            <SchedulePicker
              schedule={session.schedule}
              timeZone={timeZoneOf(branch)}
              onScheduleChange={(schedule) => {
                patchSession({ schedule });
              }}
              onValidityChange={setScheduleValid}
              now={now}
            />
            <div className="summary-estimate">
              <span>{t('summary.estimatedTime')}</span>
              <strong>{t('summary.estimatedValue', { range: ESTIMATED_TIME_RANGE })}</strong>
            </div>
            <VehicleInfo lines={lines} />
          </>
        )}
        {home ? (
          <HomePriceBlock
            priceRate={
              account.data
                ? requestPriceDetails(session, account.data, config.brand).priceRate
                : null
            }
            price={price}
            branch={branch}
            taxLabel={account.data?.tax.label ?? ''}
            loading={account.isLoading || (feesShown && fee.isLoading)}
            failed={account.isError || (feesShown && fee.isError)}
          />
        ) : (
          <PriceBlock
            price={price}
            branch={branch}
            taxLabel={account.data?.tax.label ?? ''}
            surplus={surplus !== null}
            loading={feesShown && fee.isLoading}
            failed={feesShown && fee.isError}
            onSurplusInfo={() => {
              setSurplusOpen(true);
            }}
          />
        )}
        <div className="summary-sheet__footer">
          {submitRequest.failure ? (
            <p className="summary-error" role="alert">
              {t(
                submitRequest.failure === 'network'
                  ? 'summary.submitError'
                  : 'summary.submitRejected',
              )}
            </p>
          ) : null}
          <Button
            disabled={!located || !scheduleValid || requestBlocked || submitRequest.isPending}
            aria-busy={submitRequest.isPending || undefined}
            onClick={onRequest}
          >
            {submitRequest.isPending
              ? t('summary.sending')
              : t(toPayment ? 'summary.continueToPayment' : 'summary.request')}
          </Button>
        </div>
      </section>
      {surplus ? (
        <SurplusDialog
          open={surplusOpen}
          onClose={() => {
            setSurplusOpen(false);
          }}
          amountText={formatMoney(price?.totalCents ?? surplus.amount, branch)}
        />
      ) : null}
    </main>
  );
}
