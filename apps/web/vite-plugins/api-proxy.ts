// Where Vite's dev server sends /api: the API that `npm run dev` starts beside it, on the same PORT.

/** The API's address in development: PORT as the API reads it (default 3000). */
export function apiProxyTarget(env: Record<string, string | undefined> = process.env): string {
  return `http://localhost:${env.PORT || '3000'}`;
}
