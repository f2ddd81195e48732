// Build-time settings of the web app, read and checked in one place.

function nonNegativeInt(raw: string | undefined): number {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : 0;
}

export const env = {
  /**
   * docs/api.md's artificial delay before each request (its old app used 1000 ms outside production).
   * Off unless VITE_REQUEST_DELAY_MS is set, so tests and production never wait for nothing.
   */
  requestDelayMs: nonNegativeInt(import.meta.env.VITE_REQUEST_DELAY_MS),
} as const;
