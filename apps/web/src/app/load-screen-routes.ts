// The routes of every screen but the lead list (screen-routes.ts), a lazy chunk. The router asks for them when a
// navigation needs them; the first script starts them alongside the app when the page opened is another screen, and
// the shell once the page is idle, so that a first link to another screen waits only for that screen's chunk.
export const loadScreenRoutes = () => import('./screen-routes');
