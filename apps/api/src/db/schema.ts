// Kysely table types. Booleans are 0/1 in SQLite and boolean in PostgreSQL; dates are ISO text on both (see database.ts).
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { DisputeReason, DisputeStatus, LedgerKind, OrderStatus } from '@dealerleads/shared';
import type { ListingStatus, ModerationStatus } from '@dealerleads/shared';

/** Written as 0/1 (PostgreSQL parses '1'/'0' as boolean); read back as 0/1 or true/false. */
export type DbBool = ColumnType<boolean | number, 0 | 1, 0 | 1>;
/** ISO-8601 text on the wire; SQLite keeps the text, PostgreSQL a timestamptz parsed back to ISO. */
export type DbTimestamp = ColumnType<string, string, string>;

export interface UsersTable {
  id: Generated<number>;
  user_name: string;
  name: string;
  email: string;
  phone: string | null;
  city: string;
  pincode: string | null;
  state: string | null;
  role: string;
  password_hash: string;
  status: DbBool;
  created_on: DbTimestamp;
  /** Bumped by every write to the member's unlocks (migration 0008). */
  unlocks_revision: Generated<number>;
  /** userNameKey(user_name), uniquely indexed: every lookup by name uses it (migration 0101). */
  user_name_key: string;
  /** Carried in the member's tokens; bumped to end every session issued before (migration 0102). */
  token_version: Generated<number>;
  /** userNameSkeleton(user_name), uniquely indexed: no two names look alike (migration 2026-11-28-0201). */
  user_name_skeleton: ColumnType<string | null, string | null | undefined, string | null>;
  /** The owner clicked the verification link sent to `email`; alerts and digests go only to verified addresses. */
  email_verified: ColumnType<boolean | number, 0 | 1 | undefined, 0 | 1>;
  /** The member's language, 'en' or 'hi' (PUT /api/me/preferences); null: each device's own (migration 2026-11-28-0501). */
  language: Generated<string | null>;
}

/** An open notification stream, in whichever process holds it (migration 2026-11-28-0201). */
export interface NotificationStreamsTable {
  id: Generated<number>;
  user_id: number;
  ip: string;
  opened_on: DbTimestamp;
  alive_until: DbTimestamp;
}

/** A stream ticket's nonce once it opened a stream: a ticket opens one stream only. */
export interface StreamTicketUsesTable {
  nonce: string;
  expires_on: DbTimestamp;
}

export interface LeadsTable {
  id: Generated<number>;
  full_name: string;
  phone_number: string;
  city: string;
  brand: string;
  model: string;
  varient: string | null;
  rto: string | null;
  year: number;
  fuel_type: string;
  owner_name: string;
  transmission: string;
  seats: number;
  price: number;
  km_driven: number | null;
  status: DbBool;
  created_on: DbTimestamp;
  /** 'open' | 'sold' | 'withdrawn' | 'expired' (migration 0601); a closed lead also has status 0. */
  listing_status: Generated<ListingStatus>;
  /** 'clear' | 'flagged' | 'approved' | 'rejected'; a held flagged lead has status 0 until approved. */
  moderation_status: Generated<ModerationStatus>;
  /** Why moderation flagged it: comma-separated MODERATION_FLAGS ('repeated_phone', 'fake_phone', 'price_off_market'). */
  moderation_flags: ColumnType<string | null, string | null | undefined, string | null>;
  /** The Admin's reason when deactivating a flagged lead. */
  moderation_note: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the lead was sold, withdrawn or expired: its phone number is erased 180 days later. */
  closed_on: ColumnType<string | null, string | null | undefined, string | null>;
  /** When it leaves the list unless closed before; null for leads stored before owners had links (seed, imports). */
  expires_on: ColumnType<string | null, string | null | undefined, string | null>;
  /** Dealers who unlocked it (the cap per lead, modules/credits). */
  unlock_count: Generated<number>;
  /** 1 while it has a photo (the hasPhotos filter), kept by modules/photos with lead_photos. */
  has_photos: Generated<0 | 1>;
  /** Its first photo as `<photo id>:<content hash>` (toLead makes the URLs), kept by modules/photos; null: none. */
  cover_photo: ColumnType<string | null, string | null | undefined, string | null>;
  /** The market price guide's low, median and high for its car at submission; null without a guide (migration 0302). */
  market_low: ColumnType<number | null, number | null | undefined, number | null>;
  market_median: ColumnType<number | null, number | null | undefined, number | null>;
  market_high: ColumnType<number | null, number | null | undefined, number | null>;
  /** The number was proven by an SMS code at submission (docs/phone-verification.md). */
  phone_verified: Generated<boolean | number>;
  verified_on: DbTimestamp | null;
}

/** A photo of a lead's car: its files (every size) are named by `hash` (docs/photos.md); position 0 is the cover. */
export interface LeadPhotosTable {
  id: Generated<number>;
  lead_id: number;
  hash: string;
  position: number;
  /** Of the largest size stored. */
  width: number;
  height: number;
  created_on: DbTimestamp;
}

/** An owner's private link to their lead: only the sha-256 of the token is kept. */
export interface OwnerTokensTable {
  lead_id: number;
  token_hash: string;
  created_on: DbTimestamp;
}

/** Daily rollups of new leads per India day (migration 0602): dimension 'all', 'city', 'brand', 'model', 'price_band', 'unlocked'. */
export interface LeadDailyStatsTable {
  day: string;
  dimension: string;
  value: string;
  n: number;
}

/** Unlocks and credits debited per India day, in shards by dealer (migration 0602). */
export interface UnlockDailyStatsTable {
  day: string;
  shard: number;
  unlocks: number;
  credits: number;
}

/** Which dealers unlocked on which day (migration 0602). */
export interface DealerActiveDaysTable {
  day: string;
  user_id: number;
}

export interface PackagesTable {
  id: Generated<number>;
  package_name: string;
  package_code: string;
  package_type: string;
  package_credits: number;
  package_unit: string;
  package_validity: number;
  package_price: number;
  is_active: DbBool;
}

export interface UserPackagesTable {
  id: Generated<number>;
  user_id: number;
  package_id: number;
  package_credits: number;
  package_unit: string;
  package_validity: number;
  package_balance_credits: number;
  credit_debited: number;
  /** Credits taken by the legacy subtract-credit call and not yet tied to a lead view. */
  unattributed_debits: Generated<number>;
  /** The package's type when assigned (a snapshot, like credits, unit and validity). */
  package_type: Generated<string>;
  start_date: string;
  end_date: string;
  is_active: DbBool;
  created_on: DbTimestamp;
}

export interface LeadUnlocksTable {
  id: Generated<number>;
  user_id: number;
  user_package_id: number;
  lead_id: number;
  credit_debited: number;
  ip_address: string | null;
  created_on: DbTimestamp;
}

/** One change of a package's balance (modules/credits, docs/credits.md): append-only. */
export interface CreditLedgerTable {
  id: Generated<number>;
  user_id: number;
  user_package_id: number;
  kind: LedgerKind;
  /** Signed credits: + grant, refund, positive adjustment; − unlock, expiry, negative adjustment. */
  amount: number;
  lead_id: number | null;
  order_id: number | null;
  dispute_id: number | null;
  reason: string | null;
  actor_id: number | null;
  created_on: DbTimestamp;
}

/** A member's order of a package (modules/orders, docs/credits.md): a snapshot of the package, whole rupees. */
export interface OrdersTable {
  id: Generated<number>;
  reference: string;
  user_id: number;
  package_id: number;
  package_name: string;
  package_type: string;
  package_credits: number;
  package_unit: string;
  package_validity: number;
  amount: number;
  status: OrderStatus;
  utr: string | null;
  admin_note: string | null;
  created_on: DbTimestamp;
  /** A pending order without a UTR expires at this instant (created_on + 48 h). */
  expires_on: DbTimestamp;
  decided_on: DbTimestamp | null;
  decided_by: number | null;
  user_package_id: number | null;
}

export interface LeadsVersionTable {
  id: number;
  version: number;
}

/** Which lead changed at each revision, in commit order (migration 0007): the lead filter index reads it. */
export interface LeadChangesTable {
  revision: Generated<number>;
  lead_id: number;
}

/** SQLite only: the FTS5 trigram index of active leads (rowid = lead id); `leads_search` is its MATCH column. */
export interface LeadsSearchTable {
  rowid: number;
  leads_search: string;
}

/** Marketplace settings: one row per key, the value as JSON text (modules/settings). */
export interface SettingsTable {
  key: string;
  value: string;
}

/** One Admin action (modules/audit): append-only, the database refuses updates and deletes. */
export interface AuditLogTable {
  id: Generated<number>;
  actor_id: number | null;
  actor_user_name: string;
  ip_address: string | null;
  action: string;
  target_type: string;
  target_id: string | null;
  /** JSON: `{ field: { before, after } }`. */
  changes: string;
  created_on: DbTimestamp;
}

/** A dealer's stage and follow-up on one unlocked lead (modules/my-leads); absent means stage 'new', no follow-up. */
export interface DealerLeadsTable {
  user_id: number;
  lead_id: number;
  stage: string;
  /** YYYY-MM-DD, India's calendar. */
  follow_up_on: string | null;
  updated_on: DbTimestamp;
}

/** A dealer's own note on a lead they unlocked (modules/my-leads). */
export interface LeadNotesTable {
  id: Generated<number>;
  user_id: number;
  lead_id: number;
  text: string;
  created_on: DbTimestamp;
}

/** A dealer's saved lead-list filters (modules/alerts); `filters` is JSON of the list's query names. */
export interface SavedSearchesTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  filters: string;
  email_mode: string;
  match_key: string;
  last_opened_on: DbTimestamp;
  created_on: DbTimestamp;
}

/** A new lead that matched a saved search (modules/alerts). */
export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  saved_search_id: number;
  lead_id: number;
  read_on: DbTimestamp | null;
  created_on: DbTimestamp;
}

/** A payment, refund or unlocked-lead event a member hears of in the bell (modules/push/push.service.ts). */
export interface AccountEventsTable {
  id: Generated<number>;
  user_id: number;
  event_key: string;
  title: string;
  body: string;
  url: string;
  read_on: DbTimestamp | null;
  created_on: DbTimestamp;
}

/** One device's Web Push subscription (modules/push). */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_on: DbTimestamp;
}

/** One code sent to a mobile (modules/phone-verifications). */
export interface PhoneVerificationsTable {
  id: Generated<number>;
  public_id: string;
  phone_number: string;
  code_hash: string;
  attempts: Generated<number>;
  ip: string;
  expires_at: DbTimestamp;
  resend_after: DbTimestamp;
  confirmed_on: DbTimestamp | null;
  created_on: DbTimestamp;
}

/** One forgot-password request (modules/password-reset): a member's, or a stand-in for a login that is none. */
export interface PasswordResetsTable {
  id: Generated<number>;
  public_id: string;
  login_hash: string;
  user_id: number | null;
  code_hash: string | null;
  attempts: Generated<number>;
  ip: string;
  expires_at: DbTimestamp;
  link_expires_at: DbTimestamp | null;
  used_on: DbTimestamp | null;
  created_on: DbTimestamp;
}

/** One text to send (modules/sms/sms-outbox.ts). */
export interface SmsOutboxTable {
  id: Generated<number>;
  idempotency_key: string;
  phone_number: string;
  body: string;
  /** 'verify' | 'owner-link': which provider template (MSG91) the text is. */
  template: Generated<string>;
  /** JSON object of the template's variables. */
  vars: string | null;
  status: Generated<string>;
  attempts: Generated<number>;
  next_attempt_at: DbTimestamp;
  claimed_by: string | null;
  lease_until: DbTimestamp | null;
  last_error: string | null;
  sent_on: DbTimestamp | null;
  created_on: DbTimestamp;
}

/** One stored lead's submitter, by hashed IP, kept a day (the busy-network signal of moderation). */
export interface LeadSubmissionIpsTable {
  id: Generated<number>;
  ip_hash: string;
  created_on: DbTimestamp;
}

/** One push message to one device (modules/push/push-outbox.ts). */
export interface PushOutboxTable {
  id: Generated<number>;
  idempotency_key: string;
  subscription_id: number;
  payload: string;
  status: Generated<string>;
  attempts: Generated<number>;
  next_attempt_at: DbTimestamp;
  claimed_by: string | null;
  lease_until: DbTimestamp | null;
  last_error: string | null;
  sent_on: DbTimestamp | null;
  created_on: DbTimestamp;
}

/** One mail to send (modules/alerts/email-outbox.ts): an instant alert or a dealer's daily digest. */
export interface EmailOutboxTable {
  id: Generated<number>;
  idempotency_key: string;
  kind: string;
  user_id: number;
  saved_search_id: number | null;
  lead_id: number | null;
  digest_date: string | null;
  payload: string | null;
  status: Generated<string>;
  attempts: Generated<number>;
  next_attempt_at: DbTimestamp;
  claimed_by: string | null;
  lease_until: DbTimestamp | null;
  last_error: string | null;
  sent_on: DbTimestamp | null;
  created_on: DbTimestamp;
}

/** A dealer's report of a problem with a lead they unlocked (modules/disputes): one per unlock, decided once. */
export interface DisputesTable {
  id: Generated<number>;
  unlock_id: number;
  user_id: number;
  lead_id: number;
  reason: DisputeReason;
  note: string | null;
  status: Generated<DisputeStatus>;
  admin_note: string | null;
  created_on: DbTimestamp;
  decided_on: DbTimestamp | null;
  decided_by: number | null;
  /** The `refund` ledger entry of an approval that refunded a credit. */
  refund_entry_id: number | null;
}

/** A model year whose leads' market figures may have drifted (migration 2026-11-28-1101). */
export interface MarketRefreshTable {
  brand: string;
  model: string;
  year: number;
  version: number;
  leased_until: string | null;
}

export interface Database {
  market_refresh: MarketRefreshTable;
  notification_streams: NotificationStreamsTable;
  stream_ticket_uses: StreamTicketUsesTable;
  email_outbox: EmailOutboxTable;
  disputes: DisputesTable;
  saved_searches: SavedSearchesTable;
  notifications: NotificationsTable;
  push_subscriptions: PushSubscriptionsTable;
  push_outbox: PushOutboxTable;
  phone_verifications: PhoneVerificationsTable;
  sms_outbox: SmsOutboxTable;
  password_resets: PasswordResetsTable;
  lead_submission_ips: LeadSubmissionIpsTable;
  account_events: AccountEventsTable;
  dealer_leads: DealerLeadsTable;
  lead_notes: LeadNotesTable;
  settings: SettingsTable;
  audit_log: AuditLogTable;
  leads_version: LeadsVersionTable;
  lead_changes: LeadChangesTable;
  leads_search: LeadsSearchTable;
  users: UsersTable;
  leads: LeadsTable;
  lead_photos: LeadPhotosTable;
  packages: PackagesTable;
  user_packages: UserPackagesTable;
  lead_unlocks: LeadUnlocksTable;
  credit_ledger: CreditLedgerTable;
  orders: OrdersTable;
  owner_tokens: OwnerTokensTable;
  lead_daily_stats: LeadDailyStatsTable;
  unlock_daily_stats: UnlockDailyStatsTable;
  dealer_active_days: DealerActiveDaysTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type LeadRow = Selectable<LeadsTable>;
export type NewLead = Insertable<LeadsTable>;
export type PackageRow = Selectable<PackagesTable>;
export type NewPackage = Insertable<PackagesTable>;
export type UserPackageRow = Selectable<UserPackagesTable>;
export type NewUserPackage = Insertable<UserPackagesTable>;
export type NewLeadUnlock = Insertable<LeadUnlocksTable>;
export type CreditLedgerRow = Selectable<CreditLedgerTable>;
export type NewCreditLedgerEntry = Insertable<CreditLedgerTable>;
export type AuditLogRow = Selectable<AuditLogTable>;
