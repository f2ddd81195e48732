// Types of the VITE_* settings the web app reads (see config/env.ts).
/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Milliseconds added before every API call, to see the busy overlay in development. Unset = 0. */
  readonly VITE_REQUEST_DELAY_MS?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
