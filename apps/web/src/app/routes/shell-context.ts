import { createContext, useContext } from 'react';
import type { Branch } from '@auxilio/domain';

/** What the root layout gives every screen. */
export interface ShellContext {
  openHelp: () => void;
  /** Branch of the account in use; null while unknown. */
  branch: Branch | null;
}

export const ShellContextValue = createContext<ShellContext | null>(null);

export function useShell(): ShellContext {
  const shell = useContext(ShellContextValue);
  if (!shell) throw new Error('useShell needs the root layout');
  return shell;
}
