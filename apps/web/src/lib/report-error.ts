// What a screen says about a failed call once the HTTP client's catalogue (docs/api.md) has had its turn.
import { ApiError, errorMessage, formErrorMessages } from './api-error';
import { applyErrorCatalogue } from './http-error-catalogue';
import { notify } from './notify';

/**
 * A failed list or record load: the catalogue already toasted or navigated for 400/401/404/500;
 * anything it left alone (403, a network failure) gets the screen's own text, e.g. 'Error loading users'.
 */
export function reportLoadError(error: unknown, message: string): void {
  if (error instanceof ApiError && error.handled) return;
  notify.error(message);
}

/**
 * A failed save whose request asked for `handleErrors: true` (so that a business-rule 400 keeps its
 * text): field errors are returned for the form to list; 401 and 500 still get the catalogue's
 * login toast and server-error page; anything else toasts the server's text or `fallback`
 * (docs/api.md "Package add or update failure", "User-package add or update failure").
 */
export function reportSaveError(error: unknown, fallback: string): string[] {
  if (error instanceof ApiError) {
    if (error.handled) return [];
    if (error.validationErrors.length > 0) return error.validationErrors;
    if (error.status === 401 || error.status === 500) {
      applyErrorCatalogue(error);
      return [];
    }
  }
  notify.error(errorMessage(error, fallback));
  return [];
}

/**
 * A failed submit of a form that lists whatever went wrong in its own danger alert (sign-up), for a
 * request sent with `handleErrors: true`: a 500 still opens the server-error page; anything else comes
 * back for the alert (field errors, the server's text such as a taken user name, or `fallback`), and
 * nothing is toasted on top of it.
 */
export function formSubmitErrors(error: unknown, fallback: string): string[] {
  if (error instanceof ApiError && error.status === 500) {
    applyErrorCatalogue(error);
    return [];
  }
  return formErrorMessages(error, fallback);
}
