/**
 * Loads something on its first use rather than at start (a cold start is shorter), once: calls
 * while it loads share the same promise. A failed load is not kept, so the next call tries again
 * (a package missing for a moment, a disk hiccup) instead of failing every later call.
 */
export function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
