// What an alert mail says (docs/my-leads-and-alerts.md, "E-mail"): plain text and simple HTML naming the car, its
// city and price, a link to the lead and a signed unsubscribe link. Read at send time, so a mail about a lead that
// left the list, or for a search turned off meanwhile, is not sent.
import { findBrand, groupIndian } from '@dealerleads/shared/catalogues';
import { fromDbBool, type Queryable } from '../../db/database';
import type { ClaimedMail } from './email-outbox';
import { unsubscribeTokenOf, type UnsubscribeTarget } from './unsubscribe-token';
import { addressCapReached, composeVerification } from './email-verification.service';
import { PASSWORD_RESET_MAIL_KIND, composePasswordResetMail } from './password-reset-mail.service';

export interface MailSettings {
  /** The From header. */
  from: string;
  /** The web app's public address, for the links (no trailing slash). */
  publicUrl: string;
  /** The JWT secret: the unsubscribe and verification keys are derived from it. */
  secret: string;
  /** Mails sent to one address in the last 24 hours at most (MAIL_DAILY_CAP_PER_ADDRESS). */
  dailyCapPerAddress: number;
}

export interface ComposedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Alerts and digests only; a verification mail has none. */
  unsubscribeUrl?: string;
}

/** Leads listed in one digest at most; the rest are a link away. */
export const DIGEST_MAX_LEADS = 50;

interface MailLead {
  id: number;
  year: number;
  brand: string;
  model: string;
  varient: string | null;
  city: string;
  price: number;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** '2019 Hyundai Creta SX'. */
export function carOf(lead: MailLead): string {
  const brand = findBrand(lead.brand)?.label ?? lead.brand;
  return [lead.year, brand, lead.model, lead.varient].filter(Boolean).join(' ');
}

/** '₹10,50,000': Indian digit grouping. */
export function rupees(amount: number): string {
  return `₹${groupIndian(amount)}`;
}

/** The link of the mail's target as it exists now; undefined when it is gone (nothing to send then). */
async function unsubscribeUrlOf(
  db: Queryable,
  settings: MailSettings,
  target: UnsubscribeTarget,
): Promise<string | undefined> {
  const token = await unsubscribeTokenOf(db, settings.secret, target);
  return token && `${settings.publicUrl}/api/unsubscribe?token=${encodeURIComponent(token)}`;
}

const leadUrlOf = (settings: MailSettings, id: number) => `${settings.publicUrl}/leads/${id}`;

function page(body: string): string {
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#212529">${body}</body></html>`;
}

const leadColumns = [
  'l.id',
  'l.year',
  'l.brand',
  'l.model',
  'l.varient',
  'l.city',
  'l.price',
  'l.status',
] as const;

/** The mail of a claimed outbox row, or undefined when there is nothing to send any more. */
export async function composeMail(
  db: Queryable,
  mail: ClaimedMail,
  settings: MailSettings,
): Promise<ComposedMail | undefined> {
  const user = await db
    .selectFrom('users')
    .select(['email', 'name', 'status', 'email_verified'])
    .where('id', '=', mail.userId)
    .executeTakeFirst();
  if (!user || !fromDbBool(user.status) || !user.email) return undefined;
  if (await addressCapReached(db, user.email, settings.dailyCapPerAddress)) return undefined;
  if (mail.kind === 'verify') return composeVerification(mail, settings, user);
  // No alert or digest goes to an address its owner has not confirmed (it may be someone else's).
  if (!fromDbBool(user.email_verified)) return undefined;
  if (mail.kind === PASSWORD_RESET_MAIL_KIND)
    return composePasswordResetMail(db, mail, settings, user.email);
  if (mail.kind === 'event') return composeAccountEvent(mail, settings, user.email);
  return mail.kind === 'instant'
    ? composeInstant(db, mail, settings, user.email)
    : composeDigest(db, mail, settings, user.email);
}

async function composeInstant(
  db: Queryable,
  mail: ClaimedMail,
  settings: MailSettings,
  to: string,
): Promise<ComposedMail | undefined> {
  if (mail.savedSearchId === null || mail.leadId === null) return undefined;
  const row = await db
    .selectFrom('saved_searches as s')
    .innerJoin('leads as l', (join) => join.on('l.id', '=', mail.leadId!))
    .select(['s.name as search_name', 's.email_mode', ...leadColumns])
    .where('s.id', '=', mail.savedSearchId)
    .executeTakeFirst();
  if (!row || row.email_mode !== 'instant' || !fromDbBool(row.status)) return undefined;
  const car = carOf(row);
  const price = rupees(row.price);
  const leadUrl = leadUrlOf(settings, row.id);
  const unsubscribeUrl = await unsubscribeUrlOf(db, settings, {
    kind: 's',
    savedSearchId: mail.savedSearchId,
  });
  if (unsubscribeUrl === undefined) return undefined;
  const text = [
    `A new lead matches your saved search "${row.search_name}":`,
    '',
    `${car}, ${row.city}, ${price}`,
    `See it on DealerLeads: ${leadUrl}`,
    '',
    `Stop e-mails for this search: ${unsubscribeUrl}`,
  ].join('\n');
  const html = page(
    `<p>A new lead matches your saved search <strong>${escapeHtml(row.search_name)}</strong>:</p>` +
      `<p><strong>${escapeHtml(car)}</strong>, ${escapeHtml(row.city)}, ${escapeHtml(price)}</p>` +
      `<p><a href="${escapeHtml(leadUrl)}">See the lead on DealerLeads</a></p>` +
      `<p style="font-size:12px;color:#6c757d"><a href="${escapeHtml(unsubscribeUrl)}">Stop e-mails for this search</a></p>`,
  );
  return {
    to,
    subject: `New lead: ${car} in ${row.city}, ${price}`,
    text,
    html,
    unsubscribeUrl,
  };
}

async function composeDigest(
  db: Queryable,
  mail: ClaimedMail,
  settings: MailSettings,
  to: string,
): Promise<ComposedMail | undefined> {
  let pairs: [number, number][] = [];
  try {
    pairs = JSON.parse(mail.payload ?? '[]') as [number, number][];
  } catch {
    return undefined;
  }
  const searchIds = [...new Set(pairs.map(([s]) => s))];
  const leadIds = [...new Set(pairs.map(([, l]) => l))];
  if (searchIds.length === 0) return undefined;
  const searches = await db
    .selectFrom('saved_searches')
    .select(['id', 'name'])
    .where('id', 'in', searchIds)
    .where('user_id', '=', mail.userId)
    .where('email_mode', '=', 'daily')
    .execute();
  const leads = await db
    .selectFrom('leads as l')
    .select(leadColumns)
    .where('l.id', 'in', leadIds)
    .execute();
  const searchName = new Map(searches.map((s) => [s.id, s.name]));
  const leadOf = new Map(leads.filter((l) => fromDbBool(l.status)).map((l) => [l.id, l]));
  // Each lead once, under the first of its searches.
  const seen = new Set<number>();
  const items: { search: string; lead: MailLead }[] = [];
  for (const [searchId, leadId] of pairs) {
    const search = searchName.get(searchId);
    const lead = leadOf.get(leadId);
    if (search === undefined || lead === undefined || seen.has(leadId)) continue;
    seen.add(leadId);
    items.push({ search, lead });
  }
  if (items.length === 0) return undefined;
  const shown = items.slice(0, DIGEST_MAX_LEADS);
  const more = items.length - shown.length;
  const unsubscribeUrl = await unsubscribeUrlOf(db, settings, { kind: 'd', userId: mail.userId });
  if (unsubscribeUrl === undefined) return undefined;
  const day = mail.digestDate ?? '';
  const count = `${items.length} new ${items.length === 1 ? 'lead' : 'leads'}`;
  const lineOf = ({ search, lead }: (typeof items)[number]) =>
    `${carOf(lead)}, ${lead.city}, ${rupees(lead.price)} (${search}): ${leadUrlOf(settings, lead.id)}`;
  const text = [
    `${count} matched your saved searches on ${day}:`,
    '',
    ...shown.map(lineOf),
    ...(more > 0 ? ['', `and ${more} more: ${settings.publicUrl}/dealers/leads`] : []),
    '',
    `Stop daily e-mails: ${unsubscribeUrl}`,
  ].join('\n');
  const html = page(
    `<p>${escapeHtml(count)} matched your saved searches on ${escapeHtml(day)}:</p><ul>` +
      shown
        .map(
          ({ search, lead }) =>
            `<li><a href="${escapeHtml(leadUrlOf(settings, lead.id))}"><strong>${escapeHtml(carOf(lead))}</strong></a>, ` +
            `${escapeHtml(lead.city)}, ${escapeHtml(rupees(lead.price))} <small>(${escapeHtml(search)})</small></li>`,
        )
        .join('') +
      '</ul>' +
      (more > 0
        ? `<p><a href="${escapeHtml(settings.publicUrl)}/dealers/leads">and ${more} more</a></p>`
        : '') +
      `<p style="font-size:12px;color:#6c757d"><a href="${escapeHtml(unsubscribeUrl)}">Stop daily e-mails</a></p>`,
  );
  return { to, subject: `Your daily leads for ${day}: ${count}`, text, html, unsubscribeUrl };
}

/** An account event's mail (payment, refund, an unlocked lead sold or repriced): its title, its text and its page. */
function composeAccountEvent(
  mail: ClaimedMail,
  settings: MailSettings,
  to: string,
): ComposedMail | undefined {
  let event: { title?: unknown; body?: unknown; url?: unknown };
  try {
    event = JSON.parse(mail.payload ?? 'null') as typeof event;
  } catch {
    return undefined;
  }
  if (
    typeof event?.title !== 'string' ||
    typeof event.body !== 'string' ||
    typeof event.url !== 'string' ||
    !event.url.startsWith('/')
  )
    return undefined;
  const url = `${settings.publicUrl}${event.url}`;
  return {
    to,
    subject: `${event.title} on DealerLeads`,
    text: [event.body, '', `See it on DealerLeads: ${url}`].join('\n'),
    html: page(
      `<p><strong>${escapeHtml(event.title)}</strong></p><p>${escapeHtml(event.body)}</p>` +
        `<p><a href="${escapeHtml(url)}">See it on DealerLeads</a></p>`,
    ),
  };
}
