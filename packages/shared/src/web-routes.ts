// Every path pattern of the web app's screens (apps/web/src/config/paths.ts): the API answers any other page path
// with HTTP 404 (the app then shows its not-found screen), so a mistyped link is not a page in search engines or logs.
export const WEB_ROUTE_PATTERNS = [
  '/',
  '/dealers',
  '/dealers/register',
  '/dealers/signup-success',
  '/dealers/login',
  '/dealers/forgot-password',
  '/dealers/reset-password',
  '/dealers/reset-password/link',
  '/dealers/logout',
  '/dealers/leads',
  '/dealers/packages',
  '/dealers/user-packages',
  '/leads/:id',
  '/lead-form',
  '/my-car/:token',
  '/server-error',
  '/not-found',
  '/errors',
  '/dealers/members',
  '/dealers/members/:username',
  '/dealers/member/edit/:username',
  '/dealers/lists',
  '/dealers/lead/edit/:id',
  '/dealers/messages',
  '/dealers/credits',
  '/dealers/credits/:userId',
  '/dealers/orders',
  '/dealers/orders/:id/receipt',
  '/dealers/payments',
  '/dealers/my-leads',
  '/dealers/insights',
  '/dealers/moderation',
  '/dealers/disputes',
  '/dealers/settings',
  '/dealers/audit',
] as const;

const MATCHERS = WEB_ROUTE_PATTERNS.map(
  (pattern) => new RegExp(`^${pattern.replace(/:[A-Za-z]+/g, '[^/]+').replace(/\/$/, '')}/?$`, 'i'),
);

/** Whether a page path is one of the web app's screens (any case, an optional trailing slash, as the router matches). */
export function isWebRoute(pathname: string): boolean {
  return MATCHERS.some((matcher) => matcher.test(pathname));
}
