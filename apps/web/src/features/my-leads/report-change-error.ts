// A failed inline change (no form to list field errors in): every message goes to a toast.
import { notify } from '../../lib/notify';
import { reportSaveError } from '../../lib/report-error';

export function reportChangeError(error: unknown, fallback: string): void {
  const messages = reportSaveError(error, fallback);
  if (messages.length > 0) notify.error(messages.join(' '));
}
