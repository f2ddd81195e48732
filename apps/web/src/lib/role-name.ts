// A role as a screen shows it, in the current language (the API and the forms keep the English value).
import { membersTexts } from '../i18n/en/members';
import { hasText, translate } from '../i18n/runtime';

export function roleName(role: string): string {
  const key = `roleName.${role}`;
  return hasText(membersTexts, key) ? translate(membersTexts, key) : role;
}
