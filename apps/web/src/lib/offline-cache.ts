// The service worker's cache of API reads a dealer needs offline (vite.config.ts builds the worker with these). The
// API client (first download) reads only the header's name, so the rest lives in offline-reads.ts.

/** The service worker marks an API answer it serves from that cache with this header. */
export const OFFLINE_COPY_HEADER = 'X-Offline-Copy';
