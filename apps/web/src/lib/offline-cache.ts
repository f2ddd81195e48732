// The service worker's cache of API reads a dealer needs offline (vite.config.ts builds the worker with these).

/** Cache name of the lead list pages and My Leads answers; emptied when the user changes. */
export const OFFLINE_READS_CACHE = 'api-reads';

/** The service worker marks an API answer it serves from that cache with this header. */
export const OFFLINE_COPY_HEADER = 'X-Offline-Copy';

/** GET paths kept for offline reading: the lead list, My Leads and its follow-ups, the credit balance. */
export const OFFLINE_READ_PATHS = /^\/api\/(?:leads|me\/leads|me\/leads\/follow-ups|me\/credits)$/;

/** Another user's answers (masked phones, their own leads) must never be shown offline. */
export async function clearOfflineReads(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(OFFLINE_READS_CACHE);
}
