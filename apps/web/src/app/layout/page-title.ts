// Each screen's document title ('Leads · DealerLeads'), so tabs, history and screen readers name the page.
import { useEffect } from 'react';
import { matchPath, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { shellTexts } from '../../i18n/en/shell';
import { textsOf, useLanguage, type KeyOf } from '../../i18n/runtime';

export const APP_NAME = 'DealerLeads';

/** Most specific first: the first pattern that matches the path names the screen. */
const TITLES: ReadonlyArray<readonly [string, KeyOf<typeof shellTexts.en>]> = [
  [paths.home, 'title.home'],
  [paths.register, 'title.register'],
  [paths.signupSuccess, 'title.registered'],
  [paths.login, 'title.login'],
  [paths.leads, 'title.leads'],
  [paths.leadDetail.path, 'title.leadDetails'],
  [paths.leadForm, 'title.sellCar'],
  [paths.myCar.path, 'title.myCar'],
  [paths.serverError, 'title.serverError'],
  [paths.notFound, 'title.notFound'],
  [paths.testErrors, 'title.testErrors'],
  [paths.members, 'title.members'],
  [paths.memberDetail.path, 'title.member'],
  [paths.memberEdit.path, 'title.editProfile'],
  [paths.lists, 'title.lists'],
  [paths.leadEdit.path, 'title.editLead'],
  [paths.messages, 'title.messages'],
  [paths.credits, 'title.myCredits'],
  [paths.memberCredits.path, 'title.memberCredits'],
  [paths.myOrders, 'title.myOrders'],
  [paths.orderReceipt.path, 'title.receipt'],
  [paths.payments, 'title.payments'],
  [paths.myLeads, 'title.myLeads'],
  [paths.packages, 'title.packages'],
  [paths.userPackages, 'title.userPackages'],
  [paths.insights, 'title.insights'],
  [paths.moderation, 'title.moderation'],
  [paths.disputes, 'title.disputes'],
  [paths.settings, 'title.settings'],
  [paths.audit, 'title.audit'],
];

/** The document title of a path: the screen's name, or 'Page not found' for a path no screen has. */
export function pageTitle(pathname: string): string {
  const found = TITLES.find(([pattern]) => matchPath(pattern, pathname));
  const t = textsOf(shellTexts);
  return `${t(found ? found[1] : 'title.notFound')} · ${APP_NAME}`;
}

export function usePageTitle(): void {
  const { pathname } = useLocation();
  const language = useLanguage();
  useEffect(() => {
    document.title = pathname === paths.root ? APP_NAME : pageTitle(pathname);
  }, [pathname, language]);
}
