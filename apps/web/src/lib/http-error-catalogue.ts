// docs/api.md "Global (HTTP)": what the client does with a failed response unless the request opted out.
import { ApiError, hasValidationErrors, statusTextOf } from './api-error';
import { navigateTo } from './navigation';
import { notify } from './notify';
import { paths } from '../config/paths';
import { claimExpiryMessage } from './session';
import { layoutTexts } from '../i18n/en/layout';
import { translate } from '../i18n/runtime';

/** The 401 toast, in the reader's language (read when shown). */
export const httpErrorTexts = {
  get unauthorized() {
    return translate(layoutTexts, 'unauthorized');
  },
  get unauthorizedTitle() {
    return translate(layoutTexts, 'unauthorizedTitle');
  },
  get sessionExpired() {
    return translate(layoutTexts, 'sessionExpired');
  },
};

/** Applies the catalogue to an error and returns it for the caller to throw. */
export function applyErrorCatalogue(error: ApiError): ApiError {
  switch (error.status) {
    case 400:
      // With field errors the list travels to the form (ApiError.validationErrors).
      if (hasValidationErrors(error.body)) return error;
      notify.error(statusTextOf(error.status, error.statusText), String(error.status));
      error.handled = true;
      return error;
    case 401:
      // A session that ended says so once; the guarded screen's guard then takes the member to the login page
      // and back (app/guards.ts). A request sent without a session keeps the spec's message.
      if (error.endedSession) {
        if (claimExpiryMessage()) notify.error(httpErrorTexts.sessionExpired);
      } else notify.error(httpErrorTexts.unauthorized, httpErrorTexts.unauthorizedTitle);
      error.handled = true;
      return error;
    case 404:
      navigateTo(paths.notFound);
      error.handled = true;
      return error;
    case 500:
      navigateTo(paths.serverError, { state: { error: error.body } });
      error.handled = true;
      return error;
    default:
      // Other statuses are passed on unhandled.
      return error;
  }
}
