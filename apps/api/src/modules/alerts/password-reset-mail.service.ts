// The forgot-password e-mail (docs/accounts.md): its outbox kind, the link's signed token and the mail, composed at
// send time like every mail here; modules/password-reset makes the row and checks the token when the link is used.
import { createHmac } from 'node:crypto';
import type { Queryable } from '../../db/database';

/** The e-mail outbox kind of a reset link. */
export const PASSWORD_RESET_MAIL_KIND = 'reset';
export const PASSWORD_RESET_LINK_MINUTES = 30;

/** The MAC of a reset link: a key of its own, so it is never a session, a phone token or another link's MAC. */
export function passwordResetLinkMac(secret: string, publicId: string, userId: number): string {
  const key = createHmac('sha256', secret).update('dealerleads password reset link v1').digest();
  return createHmac('sha256', key).update(`${publicId}.${userId}`).digest('base64url');
}

/** '<reset id>.<MAC over it and the member>': the e-mailed link's token; the row holds its expiry and use. */
export function passwordResetLinkToken(secret: string, publicId: string, userId: number): string {
  return `${publicId}.${passwordResetLinkMac(secret, publicId, userId)}`;
}

/** The reset mail of a claimed outbox row; undefined once the link is used or expired (nothing to send then). */
export async function composePasswordResetMail(
  db: Queryable,
  mail: { userId: number; payload: string | null },
  settings: { publicUrl: string; secret: string },
  to: string,
  now = new Date(),
) {
  const row = await db
    .selectFrom('password_resets')
    .select(['public_id', 'user_id', 'link_expires_at', 'used_on'])
    .where('public_id', '=', mail.payload ?? '')
    .executeTakeFirst();
  if (!row || row.user_id !== mail.userId || row.used_on !== null || row.link_expires_at === null)
    return undefined;
  if (new Date(row.link_expires_at).getTime() <= now.getTime()) return undefined;
  const token = passwordResetLinkToken(settings.secret, row.public_id, mail.userId);
  const url = `${settings.publicUrl}/dealers/reset-password/link?token=${encodeURIComponent(token)}`;
  const minutes = PASSWORD_RESET_LINK_MINUTES;
  const text = [
    'Someone asked to reset the password of your DealerLeads account. Choose a new password here:',
    url,
    '',
    `The link works once, for ${minutes} minutes. If you did not ask, ignore this e-mail: your password stays as it is.`,
  ].join('\n');
  const html =
    '<!doctype html><html><body style="font-family:Arial,sans-serif;color:#212529">' +
    '<p>Someone asked to reset the password of your DealerLeads account.</p>' +
    `<p><a href="${url.replaceAll('&', '&amp;').replaceAll('"', '&quot;')}">Choose a new password</a></p>` +
    `<p>The link works once, for ${minutes} minutes. If you did not ask, ignore this e-mail: ` +
    'your password stays as it is.</p></body></html>';
  return { to, subject: 'Reset your DealerLeads password', text, html };
}
