// Each screen's document title ('Leads · DealerLeads'), so tabs, history and screen readers name the page.
import { useEffect } from 'react';
import { matchPath, useLocation } from 'react-router';
import { paths } from '../../config/paths';

export const APP_NAME = 'DealerLeads';

/** Most specific first: the first pattern that matches the path names the screen. */
const TITLES: ReadonlyArray<readonly [string, string]> = [
  [paths.home, 'Home'],
  [paths.register, 'Register'],
  [paths.signupSuccess, 'Registered'],
  [paths.login, 'Login'],
  [paths.leads, 'Leads'],
  [paths.leadDetail.path, 'Lead details'],
  [paths.leadForm, 'Sell your car'],
  [paths.myCar.path, 'My car'],
  [paths.serverError, 'Server error'],
  [paths.notFound, 'Page not found'],
  [paths.testErrors, 'Test Errors'],
  [paths.members, 'Members'],
  [paths.memberDetail.path, 'Member'],
  [paths.memberEdit.path, 'Edit Profile'],
  [paths.lists, 'Lists'],
  [paths.leadEdit.path, 'Edit lead'],
  [paths.messages, 'Messages'],
  [paths.credits, 'My credits'],
  [paths.memberCredits.path, 'Member credits'],
  [paths.myOrders, 'My orders'],
  [paths.orderReceipt.path, 'Receipt'],
  [paths.payments, 'Payments'],
  [paths.myLeads, 'My Leads'],
  [paths.packages, 'Packages'],
  [paths.userPackages, 'User packages'],
  [paths.insights, 'Insights'],
  [paths.moderation, 'Moderation'],
  [paths.disputes, 'Disputes'],
  [paths.settings, 'Settings'],
  [paths.audit, 'Audit'],
];

/** The document title of a path: the screen's name, or 'Page not found' for a path no screen has. */
export function pageTitle(pathname: string): string {
  const found = TITLES.find(([pattern]) => matchPath(pattern, pathname));
  return `${found ? found[1] : 'Page not found'} · ${APP_NAME}`;
}

export function usePageTitle(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = pathname === paths.root ? APP_NAME : pageTitle(pathname);
  }, [pathname]);
}
