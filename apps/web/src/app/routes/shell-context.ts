import { useOutletContext } from 'react-router';
import type { Branch } from '@auxilio/domain';

/** What the root layout gives every screen. */
export interface ShellContext {
  openHelp: () => void;
  /** Branch of the account in use; null while unknown. */
  branch: Branch | null;
}

export function useShell(): ShellContext {
  return useOutletContext<ShellContext>();
}
