// The frame of the first screen: the top bar, pagination, the loading and session messages, the route error (in the lead
// list's first download: the menus, banners and page titles are in shell.ts).
import { defineTexts } from '../runtime';

export const layoutTexts = defineTexts('layout', {
  openMenu: 'Open menu',
  signIn: 'Sign in',
  userMenu: 'User menu',
  loading: 'Loading...',
  reload: 'Reload',
  somethingWrong: 'Something went wrong',
  reloadAndRetry: 'Please reload the page and try again.',
  homePage: 'Home Page',
  pages: 'Pages',
  firstPage: 'First page',
  previousPage: 'Previous page',
  nextPage: 'Next page',
  lastPage: 'Last page',
  pageNumber: 'Page {{page}}',
  unauthorized: 'Unauthorized - Please log in again',
  unauthorizedTitle: 'Authentication Error',
  sessionExpired: 'Your session has ended. Please log in again.',
  skipToMain: 'Skip to main content',
});
