/** An action's outcome under its button: a status when it worked, an alert when it did not. */
export function ActionFeedback({ done, error }: { done: string | null; error: string | null }) {
  if (error) {
    return (
      <p className="dispatcher-notice dispatcher-notice--error" role="alert">
        {error}
      </p>
    );
  }
  if (done) {
    return (
      <p className="dispatcher-notice dispatcher-notice--done" role="status">
        {done}
      </p>
    );
  }
  return null;
}
