import type { ReactNode } from 'react';
import './snackbar.css';

export interface SnackbarProps {
  message: ReactNode;
  actionLabel: string;
  onAction: () => void;
}

/** A message at the bottom of the screen with one action; announced politely to screen readers. */
export function Snackbar({ message, actionLabel, onAction }: SnackbarProps) {
  return (
    <div className="snackbar" role="status" aria-live="polite">
      <span className="snackbar__message">{message}</span>
      <button type="button" className="snackbar__action" onClick={onAction}>
        {actionLabel}
      </button>
    </div>
  );
}
