import { z } from 'zod/mini';

// Docs/decisions/473: the Content-Security-Policy has no 'unsafe-eval'. Zod 4 probes for eval with
// `new Function('')` on its first object parse (to compile fast parsers); under the policy the probe
// fails, zod falls back to its plain parser, and the browser reports a violation. Telling zod up
// front skips the probe. Imported first by main.tsx, before any schema parses.
z.config({ jitless: true });
