import type { ReactNode } from 'react';
import './error-screen.css';

export interface ErrorScreenProps {
  title: string;
  message?: string;
  /** Actions (buttons or links). */
  children?: ReactNode;
}

/** A full-width message with its actions: config failure, not found, a screen that failed. */
export function ErrorScreen({ title, message, children }: ErrorScreenProps) {
  return (
    <main className="error-screen">
      <h1 className="error-screen__title">{title}</h1>
      {message ? <p className="error-screen__message">{message}</p> : null}
      <div className="error-screen__actions">{children}</div>
    </main>
  );
}
