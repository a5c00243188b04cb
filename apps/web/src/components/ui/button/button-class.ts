import './button.css';

export type ButtonVariant = 'primary' | 'secondary';

/** Class names of a button-looking element (also for links that look like buttons). */
export function buttonClassName(variant: ButtonVariant = 'primary', extra?: string): string {
  return ['button', `button--${variant}`, extra].filter(Boolean).join(' ');
}
