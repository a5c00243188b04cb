/**
 * Ends the current task so the browser can paint and answer a tap before the next piece of
 * start-up work: on a slow phone one long task holds the screen frozen. `scheduler.yield` keeps
 * the page's place in line where the browser has it; elsewhere a zero timeout does the same.
 */
export function yieldToMain(): Promise<void> {
  const { scheduler } = globalThis as { scheduler?: { yield?: () => Promise<void> } };
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => {
    setTimeout(resolve, 0);
  });
}
