// Constants of My Leads and alerts, kept free of zod so screens can use them without the schemas.

export const LEAD_STAGES = [
  'new',
  'contacted',
  'inspection',
  'negotiating',
  'bought',
  'lost',
] as const;
export type LeadStage = (typeof LEAD_STAGES)[number];

export const LEAD_STAGE_LABELS: Record<LeadStage, string> = {
  new: 'New',
  contacted: 'Contacted',
  inspection: 'Inspection',
  negotiating: 'Negotiating',
  bought: 'Bought',
  lost: 'Lost',
};

export const FOLLOW_UP_VIEWS = ['today', 'overdue'] as const;
export type FollowUpView = (typeof FOLLOW_UP_VIEWS)[number];

export const MY_LEADS_PAGE_SIZE = 20;
export const NOTE_MAX = 1000;

export const EMAIL_MODES = ['instant', 'daily', 'off'] as const;
export type EmailMode = (typeof EMAIL_MODES)[number];

export const EMAIL_MODE_LABELS: Record<EmailMode, string> = {
  instant: 'E-mail at once',
  daily: 'Daily digest',
  off: 'No e-mail',
};

export const SAVED_SEARCH_NAME_MAX = 60;
/** Saved searches one dealer may keep. */
export const SAVED_SEARCHES_MAX = 50;
