// /api/unsubscribe: an alert mail's link. A GET (a person's click, or a mail scanner fetching every link) only shows
// what would stop and a button; the POST of that button, or a mail client's RFC 8058 one-click POST
// (`List-Unsubscribe=One-Click`), turns the e-mails off. No login: the signed token is the proof.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unsubscribeQuerySchema, unsubscribeResultSchema } from '@dealerleads/shared';
import type { DatabaseHandle } from '../../db/database';
import { badRequest } from '../../plugins/errors';
import { messageErrorSchema, validationErrorSchema } from '../../plugins/openapi';
import { alertMessages, unsubscribe, unsubscribePreview } from './alerts.service';
import { verifyUnsubscribeToken } from './unsubscribe-token';

/** RFC 8058's body; the confirm page's form sends the same. */
const oneClickBodySchema = z.object({ 'List-Unsubscribe': z.literal('One-Click') });

/** A form body is a few bytes; anything longer is not one. */
const FORM_BODY_LIMIT = 2048;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The small page a browser gets: a title, lines, and optionally the one-click form. */
function unsubscribePage(title: string, lines: string[], confirmAction?: string): string {
  const form =
    confirmAction === undefined
      ? ''
      : `<form method="post" action="${escapeHtml(confirmAction)}">` +
        '<input type="hidden" name="List-Unsubscribe" value="One-Click">' +
        '<button type="submit">Unsubscribe</button></form>';
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(title)} · DealerLeads</title></head>` +
    '<body style="font-family:Arial,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem">' +
    `<h1 style="font-size:1.4rem">${escapeHtml(title)}</h1>` +
    lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('') +
    form +
    '<p><a href="/dealers/leads">Go to DealerLeads</a></p></body></html>'
  );
}

/** The fields of a multipart/form-data body (text parts only: all a one-click POST has). */
function multipartFields(body: string, contentType: string): Record<string, string> {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const fields: Record<string, string> = {};
  if (!boundary) return fields;
  for (const part of body.split(`--${boundary[1] ?? boundary[2]}`)) {
    const split = part.indexOf('\r\n\r\n');
    if (split === -1) continue;
    const name = /content-disposition:[^\r\n]*\bname="([^"]*)"/i.exec(part.slice(0, split));
    if (name) fields[name[1]!] = part.slice(split + 4).replace(/\r\n$/, '');
  }
  return fields;
}

const wantsHtml = (request: FastifyRequest) => /text\/html/.test(request.headers.accept ?? '');

export function unsubscribeRoutes(database: DatabaseHandle, secret: string) {
  const { db, engine } = database;
  return async (app: FastifyInstance) => {
    // Only these routes read form bodies (this plugin's scope): every other route takes JSON alone.
    // An upload plugin above may parse multipart its own way: here a one-click body is read as these fields.
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
      if (app.hasContentTypeParser(type)) app.removeContentTypeParser(type);
    }
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    app.addContentTypeParser(
      'multipart/form-data',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (request, body, done) =>
        done(null, multipartFields(String(body), request.headers['content-type'] ?? '')),
    );

    /** The link's target, or the 400 answer (a page for a browser) when the link is not valid (any more). */
    async function targetOr400(token: string, request: FastifyRequest, reply: FastifyReply) {
      const target = await verifyUnsubscribeToken(db, secret, token);
      if (target !== undefined) return target;
      if (!wantsHtml(request)) throw badRequest(alertMessages.badUnsubscribe);
      await reply
        .code(400)
        .type('text/html; charset=utf-8')
        .send(unsubscribePage(alertMessages.badUnsubscribe, ['Nothing was changed.']));
      return undefined;
    }

    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['saved searches'];
    // A browser (Accept: text/html) gets a small page instead of the JSON.
    const response = {
      200: z.union([unsubscribeResultSchema, z.string()]),
      400: z.union([validationErrorSchema, messageErrorSchema, z.string()]),
    };

    r.get('/unsubscribe', {
      schema: {
        tags,
        summary:
          "An alert mail's unsubscribe link: names what would stop and asks to confirm (POST); changes nothing",
        querystring: unsubscribeQuerySchema,
        response,
      },
      handler: async (request, reply) => {
        const target = await targetOr400(request.query.token, request, reply);
        if (target === undefined) return reply;
        const preview = await unsubscribePreview(db, target);
        if (!wantsHtml(request)) return preview;
        const names = preview.savedSearches.map((name) => `Saved search: ${name}`);
        const confirm = preview.savedSearches.length > 0;
        return reply
          .type('text/html; charset=utf-8')
          .send(
            unsubscribePage(
              confirm ? 'Stop these e-mails?' : 'Unsubscribed',
              [preview.message, ...names],
              confirm
                ? `/api/unsubscribe?token=${encodeURIComponent(request.query.token)}`
                : undefined,
            ),
          );
      },
    });

    r.post('/unsubscribe', {
      schema: {
        tags,
        summary:
          "Turns the link's saved search's (or the daily digest's) e-mails off: RFC 8058 one-click, body List-Unsubscribe=One-Click (form-encoded)",
        querystring: unsubscribeQuerySchema,
        body: oneClickBodySchema,
        response,
      },
      handler: async (request, reply) => {
        const target = await targetOr400(request.query.token, request, reply);
        if (target === undefined) return reply;
        const result = await unsubscribe(db, engine, target);
        if (!wantsHtml(request)) return result;
        return reply
          .type('text/html; charset=utf-8')
          .send(
            unsubscribePage('Unsubscribed', [
              result.message,
              ...result.savedSearches.map((name) => `Saved search: ${name}`),
            ]),
          );
      },
    });
  };
}
