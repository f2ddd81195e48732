// Web entry: global styles; the lead list's first request when that is the page opened, else the other screens' routes;
// then the app.
// This script is small and runs as soon as it arrives (async, see earlyEntry in vite.config.ts), so the
// request leaves while React and the screens (app/boot.tsx, preloaded by index.html) still download.
import 'bootstrap/dist/css/bootstrap.min.css';
import './icons.css';
import './styles.css';
import { isLeadList, startEarlyLeads } from './features/leads/api/early-leads';
import { preloadScreenRoutes } from './app/preload-screen-routes';
import { startLanguage } from './i18n/runtime';

startEarlyLeads(window.location);
if (!isLeadList(window.location.pathname)) preloadScreenRoutes();
// A device that chose Hindi fetches its catalogue alongside the app, so the first render is already in Hindi.
const languageReady = startLanguage();

void Promise.all([import('./app/boot'), languageReady]).then(([{ mountApp }]) => {
  const mount = () => mountApp(document.getElementById('root')!);
  // An async script may run before the parser has reached <div id="root">.
  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', mount, { once: true });
  } else {
    mount();
  }
});
