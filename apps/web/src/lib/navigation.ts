// Lets code outside React (the HTTP client's error catalogue) navigate with the app's router.

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export type Navigator = (to: string, options?: NavigateOptions) => void;

// Before the router exists, a full page load still gets the user there.
let navigator: Navigator = (to) => window.location.assign(to);

export function setNavigator(next: Navigator): void {
  navigator = next;
}

export function navigateTo(to: string, options?: NavigateOptions): void {
  navigator(to, options);
}
