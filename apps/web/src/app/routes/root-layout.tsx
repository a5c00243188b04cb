import { useCallback, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { useRuntimeConfig } from '../../config/runtime-config-context.ts';
import { useAccount } from '../../api/get-account.ts';
import { AppHeader } from '../../features/header/components/app-header.tsx';
import { NoConnectionScreen } from '../../features/offline/components/no-connection-screen.tsx';
import { OfflineBanner } from '../../features/offline/components/offline-banner.tsx';
import { partLoadedOnRender } from '../../lib/part-loaded-on-render.tsx';
import { useSessionStore } from '../../stores/session-store.ts';
import { useOfflineView } from '../offline/use-offline-view.ts';
import { routeOfPath } from './route-table.tsx';
import { AppRoutes } from './router.tsx';
import { useSessionIntegrations } from './use-session-integrations.ts';
import { useTelemetryContext } from './use-telemetry-context.ts';
import { ShellContextValue, type ShellContext } from './shell-context.ts';
import type { HelpDialogProps } from '../../features/help/components/help-dialog.tsx';
import './root-layout.css';

// Not needed to draw the first screen, so not in the scripts it waits for on a weak signal: the
// Help dialog and the service worker's registration with its update snackbar load once the frame
// has rendered, before anyone is likely to tap Help. Both are part of the precached shell
// (first-screen-precache.ts).
const HelpDialog = partLoadedOnRender<HelpDialogProps>(() =>
  import('../../features/help/components/help-dialog.tsx').then((m) => m.HelpDialog),
);
const UpdateSnackbar = partLoadedOnRender(() =>
  import('../../features/pwa/components/update-snackbar.tsx').then((m) => m.UpdateSnackbar),
);

/**
 * The frame of every screen: header, the screen, the Help dialog, update snackbar; offline, the
 * offline banner over a screen that has something to show, else the no-connection screen. A staff
 * screen with its own frame (the dispatcher's console) gets neither the customer's header nor the
 * customer's Help dialog.
 */
export function RootLayout() {
  const config = useRuntimeConfig();
  const offline = useOfflineView();
  const [helpOpen, setHelpOpen] = useState(false);
  const [path] = useLocation();
  const customerFrame = routeOfPath(path)?.frame !== 'own';
  const accountId = useSessionStore((state) => state.session.accountId) ?? config.accountId;
  const account = useAccount(accountId);
  const branch = account.data?.branch ?? null;
  useSessionIntegrations(accountId);
  useTelemetryContext(accountId, branch);
  const openHelp = useCallback(() => {
    setHelpOpen(true);
  }, []);
  // One value while the branch stays: the screen under it is not drawn again for the frame's sake.
  const shell = useMemo<ShellContext>(() => ({ openHelp, branch }), [openHelp, branch]);
  return (
    <>
      {customerFrame ? <AppHeader onOpenHelp={shell.openHelp} /> : null}
      {offline.view === 'banner' ? <OfflineBanner /> : null}
      {/* SPEC 8 "Offline: No-connection screen", only where nothing can be shown (decision 730).
          The screen stays mounted under it, so it catches up when the connection returns. */}
      {offline.view === 'no-connection' ? <NoConnectionScreen /> : null}
      <div className="app-screen" hidden={offline.view === 'no-connection'}>
        <ShellContextValue value={shell}>
          <AppRoutes onScreenError={offline.onScreenError} />
        </ShellContextValue>
      </div>
      {customerFrame ? (
        <HelpDialog
          open={helpOpen}
          onClose={() => {
            setHelpOpen(false);
          }}
          brand={config.brand}
          branch={branch}
        />
      ) : null}
      <UpdateSnackbar />
    </>
  );
}
