// Which API reads the service worker keeps for offline reading, under which cache name (vite.config.ts), and emptying it.

/** Cache name of the lead list pages and My Leads answers; emptied when the user changes. */
export const OFFLINE_READS_CACHE = 'api-reads';

/** GET paths kept for offline reading: the lead list, My Leads and its follow-ups, the credit balance. */
export const OFFLINE_READ_PATHS = /^\/api\/(?:leads|me\/leads|me\/leads\/follow-ups|me\/credits)$/;

/** Another user's answers (masked phones, their own leads) must never be read offline. */
export async function clearOfflineReads(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(OFFLINE_READS_CACHE);
}
