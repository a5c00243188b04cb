import { useState } from 'react';
import { useRuntimeConfig } from '../../config/runtime-config-context.ts';
import { useAccount } from '../../api/get-account.ts';
import { AppHeader } from '../../features/header/components/app-header.tsx';
import { HelpDialog } from '../../features/help/components/help-dialog.tsx';
import { NoConnectionScreen } from '../../features/offline/components/no-connection-screen.tsx';
import { useOnlineStatus } from '../../features/offline/hooks/use-online-status.ts';
import { UpdateSnackbar } from '../../features/pwa/components/update-snackbar.tsx';
import { useSessionStore } from '../../stores/session-store.ts';
import { AppRoutes } from './router.tsx';
import { useSessionIntegrations } from './use-session-integrations.ts';
import { useTelemetryContext } from './use-telemetry-context.ts';
import { ShellContextValue, type ShellContext } from './shell-context.ts';

/** The frame of every screen: header, the screen, the Help dialog, update snackbar, offline screen. */
export function RootLayout() {
  const config = useRuntimeConfig();
  const online = useOnlineStatus();
  const [helpOpen, setHelpOpen] = useState(false);
  const accountId = useSessionStore((state) => state.session.accountId) ?? config.accountId;
  const account = useAccount(accountId);
  const branch = account.data?.branch ?? null;
  useSessionIntegrations(accountId);
  useTelemetryContext(accountId, branch);
  const shell: ShellContext = {
    openHelp: () => {
      setHelpOpen(true);
    },
    branch,
  };
  return (
    <>
      <AppHeader onOpenHelp={shell.openHelp} />
      {/* SPEC 8 "Offline: No-connection screen". */}
      {online ? (
        <ShellContextValue value={shell}>
          <AppRoutes />
        </ShellContextValue>
      ) : (
        <NoConnectionScreen />
      )}
      <HelpDialog
        open={helpOpen}
        onClose={() => {
          setHelpOpen(false);
        }}
        brand={config.brand}
        branch={branch}
      />
      <UpdateSnackbar />
    </>
  );
}
