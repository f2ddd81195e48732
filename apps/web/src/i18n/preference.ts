// The language a person chooses: this device keeps it (runtime.ts), and a signed-in member's account too, so their
// other devices follow at their next login (PUT /api/me/preferences, design.md §11.5).
import { api } from '../lib/api-client';
import { getCurrentUser } from '../lib/session';
import { setLanguage, type Language } from './runtime';

export async function chooseLanguage(language: Language): Promise<void> {
  await setLanguage(language);
  if (getCurrentUser() === null) return;
  // The device has switched already; a failed save only means the next login elsewhere keeps the old language.
  await api.put('/me/preferences', { language }, { handleErrors: true }).catch(() => undefined);
}

/** At login: the member's saved language, if they chose one; else this device's stays. */
export function applyMemberLanguage(language: Language | null | undefined): void {
  if (language) void setLanguage(language).catch(() => undefined);
}
