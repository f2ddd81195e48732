// Local HTTP servers that speak MSG91's flow API and Twilio's Messages API (request shape, auth, their answers and
// errors), so the SMS adapters are tested over real HTTP; and `failNext` scripts the provider's bad moments.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface FakeProvider {
  /** The server's origin (MSG91_URL / TWILIO_URL). */
  url: string;
  /** Every request received, answered or not. */
  requests: ReceivedRequest[];
  /** Messages accepted, in order. */
  accepted: { to: string; text: string }[];
  /** The next `times` requests get this status (and the provider's error body) whatever they hold. */
  failNext(status: number, times?: number): void;
  stop(): Promise<void>;
}

type Answer = { status: number; body: unknown };
type Handler = (request: ReceivedRequest) => Answer & { accepted?: { to: string; text: string } };

async function startFake(
  handler: Handler,
  errorBody: (status: number) => unknown,
): Promise<FakeProvider> {
  const requests: ReceivedRequest[] = [];
  const accepted: { to: string; text: string }[] = [];
  const forced: number[] = [];
  const send = (res: ServerResponse, answer: Answer) => {
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer.body));
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request: ReceivedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(request);
      const status = forced.shift();
      if (status !== undefined) return send(res, { status, body: errorBody(status) });
      const answer = handler(request);
      if (answer.accepted) accepted.push(answer.accepted);
      send(res, answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    accepted,
    failNext: (status, times = 1) => {
      for (let i = 0; i < times; i++) forced.push(status);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const INDIAN_MOBILE_91 = /^91[6-9]\d{9}$/;

/**
 * MSG91's flow API: POST /api/v5/flow, the `authkey` header, JSON `{template_id, recipients: [{mobiles, …vars}]}`;
 * answers `{type: 'success', message: <request id>}`, or `{type: 'error', message}` (401 for a wrong key, 400 for a
 * malformed request, and — as MSG91 does — 200 with type 'error' for a template it does not know).
 */
export function startFakeMsg91(options: {
  authKey: string;
  templates: Record<string, string[]>;
}): Promise<FakeProvider> {
  const error = (status: number, message: string): Answer => ({
    status,
    body: { type: 'error', message },
  });
  return startFake(
    (req) => {
      if (req.method !== 'POST' || req.path !== '/api/v5/flow') return error(404, 'Not found');
      if (req.headers.authkey !== options.authKey) return error(401, 'Authentication failure');
      if (!String(req.headers['content-type']).startsWith('application/json'))
        return error(400, 'Invalid content type');
      let body: { template_id?: unknown; recipients?: unknown };
      try {
        body = JSON.parse(req.body) as typeof body;
      } catch {
        return error(400, 'Invalid JSON');
      }
      const variables = options.templates[String(body.template_id)];
      if (!variables) return { status: 200, body: { type: 'error', message: 'Invalid template' } };
      if (!Array.isArray(body.recipients) || body.recipients.length !== 1)
        return error(400, 'recipients missing');
      const recipient = body.recipients[0] as Record<string, unknown>;
      if (!INDIAN_MOBILE_91.test(String(recipient.mobiles)))
        return error(400, 'Invalid mobile number');
      const missing = variables.filter((v) => typeof recipient[v] !== 'string');
      if (missing.length > 0) return error(400, `Missing variables: ${missing.join(', ')}`);
      return {
        status: 200,
        body: { type: 'success', message: randomBytes(12).toString('hex') },
        accepted: {
          to: String(recipient.mobiles),
          text: variables.map((v) => `${v}=${String(recipient[v])}`).join('&'),
        },
      };
    },
    (status) => ({ type: 'error', message: `Forced ${status}` }),
  );
}

/**
 * Twilio's Messages API: POST <version>/Accounts/{sid}/Messages.json, basic auth with that SID and the auth token,
 * a form with To, From or MessagingServiceSid, and Body; 201 with the message, or Twilio's error JSON
 * `{code, message, more_info, status}` (20003 wrong credentials, 21211 bad To, 21602 no Body, 21603 no From).
 */
export function startFakeTwilio(options: {
  accountSid: string;
  authToken: string;
}): Promise<FakeProvider> {
  const error = (status: number, code: number, message: string): Answer => ({
    status,
    body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status },
  });
  const expectedAuth = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  return startFake(
    (req) => {
      const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(req.path);
      if (req.method !== 'POST' || !match)
        return error(404, 20404, 'The requested resource was not found');
      if (req.headers.authorization !== expectedAuth || match[1] !== options.accountSid)
        return error(401, 20003, 'Authenticate');
      if (req.headers['content-type'] !== 'application/x-www-form-urlencoded')
        return error(415, 20415, 'Unsupported media type');
      const form = new URLSearchParams(req.body);
      const to = form.get('To') ?? '';
      if (!/^\+91[6-9]\d{9}$/.test(to)) return error(400, 21211, `Invalid 'To' Phone Number`);
      const from = form.get('From') ?? form.get('MessagingServiceSid');
      if (!from) return error(400, 21603, "A 'From' phone number is required");
      const text = form.get('Body');
      if (!text) return error(400, 21602, 'Message body is required');
      const sid = `SM${randomBytes(16).toString('hex')}`;
      return {
        status: 201,
        body: {
          sid,
          account_sid: options.accountSid,
          to,
          from,
          body: text,
          status: 'queued',
          direction: 'outbound-api',
          api_version: '2010-04-01',
          uri: `/2010-04-01/Accounts/${options.accountSid}/Messages/${sid}.json`,
        },
        accepted: { to, text },
      };
    },
    (status) => error(status, status >= 500 ? 20500 : 20429, `Forced ${status}`).body,
  );
}
