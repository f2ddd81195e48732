// zod, configured before any schema is made: every schema module imports z from here.
import { z } from 'zod';

// In browsers zod must not probe `new Function` (its JIT): the Content-Security-Policy forbids eval, and the probe
// alone files a violation report. zod decides when each object schema is made, so this runs before any is.
z.config({ jitless: 'window' in globalThis });

export { z };
