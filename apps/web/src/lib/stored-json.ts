import type { z } from 'zod/mini';

/**
 * The value kept as JSON under `key`, when it still fits `schema`; null when there is none, when it
 * is not JSON or no longer fits (an older app version, tampering), or when the storage is blocked.
 */
export function readStoredJson<S extends z.ZodMiniType>(
  storage: Storage,
  key: string,
  schema: S,
): z.infer<S> | null {
  try {
    const parsed = schema.safeParse(JSON.parse(storage.getItem(key) ?? ''));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
