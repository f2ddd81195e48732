// A real SMTP server for tests (the smtp-server package on a free port): it records every mail it accepts, can refuse
// the next ones with a temporary error, and decodes the bits tests read (Message-ID, subject, text part).
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  messageId: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  headers: string;
  raw: string;
  /** The SMTP user that sent it (each test process may log in under its own name). */
  user: string | undefined;
}

export interface SmtpSink {
  url: string;
  mails: ReceivedMail[];
  /** Refuses the next `n` mails with 451 (a temporary failure). */
  refuseNext(n: number): void;
  /** Mails per Message-ID. */
  countsByMessageId(): Map<string, number>;
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** Quoted-printable to text (UTF-8). */
function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = [];
  const soft = body.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    const c = soft[i]!;
    if (c === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(c, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodePart(part: string): string {
  const split = part.search(/\r?\n\r?\n/);
  const head = part.slice(0, split);
  const body = part.slice(split).replace(/^\r?\n\r?\n/, '');
  if (/content-transfer-encoding:\s*quoted-printable/i.test(head))
    return decodeQuotedPrintable(body);
  if (/content-transfer-encoding:\s*base64/i.test(head))
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** `=?UTF-8?Q?…?=` / `=?UTF-8?B?…?=` words of a header. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function headerOf(headers: string, name: string): string {
  const unfolded = headers.replace(/\r?\n[ \t]+/g, ' ');
  const match = new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(unfolded);
  return match ? match[1]!.trim() : '';
}

/** Splits a mail into its headers and its text and HTML parts. */
export function parseMail(raw: string, to: string[] = [], user?: string): ReceivedMail {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = raw.slice(0, split);
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers.replace(/\r?\n[ \t]+/g, ' '))?.[1];
  let text = '';
  let html = '';
  const parts = boundary ? raw.split(`--${boundary}`).slice(1, -1) : [raw];
  for (const part of parts) {
    if (/content-type:\s*text\/plain/i.test(part)) text = decodePart(part.replace(/^\r?\n/, ''));
    if (/content-type:\s*text\/html/i.test(part)) html = decodePart(part.replace(/^\r?\n/, ''));
  }
  return {
    messageId: headerOf(headers, 'Message-ID'),
    to,
    subject: decodeHeader(headerOf(headers, 'Subject')),
    text,
    html,
    headers,
    raw,
    user,
  };
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  let refusals = 0;
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username }),
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusals > 0) {
          refusals -= 1;
          const error = new Error('Try again later') as Error & { responseCode: number };
          error.responseCode = 451;
          return callback(error);
        }
        const to = session.envelope.rcptTo.map((r) => r.address);
        mails.push(
          parseMail(
            Buffer.concat(chunks).toString('utf8'),
            to,
            typeof session.user === 'string' ? session.user : undefined,
          ),
        );
        callback();
        waiters.splice(0).forEach((w) => w());
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    refuseNext: (n) => {
      refusals = n;
    },
    countsByMessageId: () => {
      const counts = new Map<string, number>();
      for (const mail of mails) counts.set(mail.messageId, (counts.get(mail.messageId) ?? 0) + 1);
      return counts;
    },
    waitFor: (count, timeoutMs = 15_000) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`waited for ${count} mails, got ${mails.length}`)),
          timeoutMs,
        );
        const check = () => {
          if (mails.length >= count) {
            clearTimeout(timer);
            resolve();
          } else waiters.push(check);
        };
        check();
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
