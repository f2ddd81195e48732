// Every route path of the web app (docs/screens.md), written once; screens link with these, the router matches with them.

/** A route with one parameter: call it to build a link, read `.path` for the router's pattern. */
function withParam<P extends `${string}:${string}`>(path: P) {
  const build = (value: string | number) =>
    path.replace(/:[A-Za-z]+/, encodeURIComponent(String(value)));
  return Object.assign(build, { path });
}

export const paths = {
  /** '' redirects to the dealers home. */
  root: '/',
  home: '/dealers',
  register: '/dealers/register',
  signupSuccess: '/dealers/signup-success',
  login: '/dealers/login',
  /** Forgot password: ask for a code (docs/accounts.md). */
  forgotPassword: '/dealers/forgot-password',
  /** The SMS code and the new password. */
  resetPassword: '/dealers/reset-password',
  /** The page the e-mailed reset link opens (`?token=`). */
  resetPasswordLink: '/dealers/reset-password/link',
  /** Ends the session and goes to '/' (a route, so a screen's leave guard asks first). */
  logout: '/dealers/logout',
  leads: '/dealers/leads',
  /** Package management (Admin; see the decision in app/router.tsx). */
  packages: '/dealers/packages',
  userPackages: '/dealers/user-packages',
  leadDetail: withParam('/leads/:id'),
  leadForm: '/lead-form',
  /** The owner's private page; the token is the key (no login). */
  myCar: withParam('/my-car/:token'),
  serverError: '/server-error',
  notFound: '/not-found',
  testErrors: '/errors',
  // The guarded group under dealers.
  members: '/dealers/members',
  memberDetail: withParam('/dealers/members/:username'),
  memberEdit: withParam('/dealers/member/edit/:username'),
  lists: '/dealers/lists',
  leadEdit: withParam('/dealers/lead/edit/:id'),
  messages: '/dealers/messages',
  /** The dealer's balance, packages and ledger (docs/credits.md). */
  credits: '/dealers/credits',
  /** Admin: one member's credits, ledger and adjustments. */
  memberCredits: withParam('/dealers/credits/:userId'),
  /** The member's orders of packages (docs/credits.md, "Buying a package"). */
  myOrders: '/dealers/orders',
  /** A printable receipt of one of the member's orders. */
  orderReceipt: withParam('/dealers/orders/:id/receipt'),
  /** Admin: orders to confirm or reject. */
  payments: '/dealers/payments',
  /** My Leads: the leads they unlocked (docs/my-leads-and-alerts.md). */
  myLeads: '/dealers/my-leads',
  /** Admin: KPIs and charts of a period. */
  insights: '/dealers/insights',
  /** Admin: the queue of flagged leads. */
  moderation: '/dealers/moderation',
  /** Admin: the disputes queue (docs/credits.md). */
  disputes: '/dealers/disputes',
  /** Admin: the marketplace settings (the cap of dealers per lead). */
  settings: '/dealers/settings',
  /** The audit log of Admin actions (Admin). */
  audit: '/dealers/audit',
  /** Any unknown path shows the not-found screen. */
  unknown: '*',
} as const;
