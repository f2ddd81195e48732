// E-mail verification (docs/hardening.md, "Alert mails"): the mail's link opens a page whose button confirms (a POST,
// so a mail scanner that fetches every link verifies nothing), and a member asks for another mail.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/database';
import { currentCaller, requireUser } from '../../plugins/auth';
import { errorSchemas, messageErrorSchema, validationErrorSchema } from '../../plugins/openapi';
import { errorBody } from '../../plugins/errors';
import {
  confirmEmail,
  requestVerification,
  verificationMessages,
} from './email-verification.service';

/** A verification token's shape (member id, expiry, MAC): anything else is refused before a page echoes it. */
const tokenQuery = z.object({
  token: z.string().regex(/^\d{1,10}\.\d{1,12}\.[\w-]{43}$/, 'The verification link is not valid'),
});
const messageSchema = z.object({ message: z.string() });
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function verificationPage(title: string, body: string): string {
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(title)} · DealerLeads</title></head>` +
    '<body style="font-family:Arial,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem">' +
    `<h1 style="font-size:1.4rem">${escapeHtml(title)}</h1>${body}` +
    '<p><a href="/dealers/leads">Go to DealerLeads</a></p></body></html>'
  );
}

export function emailVerificationRoutes(database: DatabaseHandle, secret: string) {
  const { db, engine } = database;
  return async (app: FastifyInstance) => {
    // The confirm page's form posts no fields (the token is in its address); its body is not read.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, _body, done) => done(null, undefined),
    );
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['account'];

    r.post('/me/email-verification', {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Send another verification link to your e-mail address (400 once it is verified)',
        response: { 200: messageSchema, ...errorSchemas(400, 401) },
      },
      handler: async (request) => {
        await requestVerification(db, engine, currentCaller(request).id);
        return { message: verificationMessages.sent };
      },
    });

    r.get('/account/verify-email', {
      schema: {
        tags,
        summary:
          "A verification mail's link: a page with a button that confirms the address (a GET changes nothing)",
        querystring: tokenQuery,
        response: { 200: z.string(), 400: validationErrorSchema },
      },
      handler: async (request, reply) => {
        const action = `/api/account/verify-email?token=${encodeURIComponent(request.query.token)}`;
        return reply
          .type('text/html; charset=utf-8')
          .send(
            verificationPage(
              'Confirm your e-mail address',
              `<form method="post" action="${escapeHtml(action)}">` +
                '<button type="submit" style="font-size:1rem;padding:.5rem 1rem">Confirm my e-mail address</button></form>',
            ),
          );
      },
    });

    r.post('/account/verify-email', {
      schema: {
        tags,
        summary:
          'Confirm an e-mail address with the token of its verification link; HTML for browsers, JSON otherwise',
        querystring: tokenQuery,
        response: {
          200: z.union([messageSchema, z.string()]),
          400: z.union([validationErrorSchema, messageErrorSchema, z.string()]),
        },
      },
      handler: async (request, reply) => {
        const html = /text\/html/.test(request.headers.accept ?? '');
        const ok = await confirmEmail(db, engine, secret, request.query.token);
        const message = ok ? verificationMessages.verified : verificationMessages.invalid;
        if (html)
          return reply
            .code(ok ? 200 : 400)
            .type('text/html; charset=utf-8')
            .send(
              verificationPage(
                ok ? 'E-mail address verified' : 'Link not valid',
                `<p>${escapeHtml(message)}</p>`,
              ),
            );
        if (!ok) return reply.code(400).send(errorBody(400, message));
        return { message };
      },
    });
  };
}
