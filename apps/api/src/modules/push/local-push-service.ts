// Tests: a push service on 127.0.0.1 that speaks the Web Push protocol's receiving side (RFC 8030): it records each
// message, checks its VAPID `Authorization` (RFC 8292) and decrypts its `aes128gcm` body (RFC 8291, RFC 8188) with the
// device's private key, as a browser would.
import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
  type ECDH,
} from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A browser's push subscription: the key pair and auth secret stay here, the endpoint and public parts go to the API. */
export interface TestDevice {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  ecdh: ECDH;
  authSecret: Buffer;
}

export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The decrypted message, parsed as JSON. */
  message: Record<string, unknown>;
  /** The VAPID JWT's claims, once its ES256 signature checked out with the `k=` key. */
  claims: { aud: string; exp: number; sub: string };
  /** The `k=` of the Authorization header: the server's VAPID public key. */
  vapidKey: string;
}

export interface LocalPushService {
  origin: string;
  received: ReceivedPush[];
  /** Problems found in a request (bad signature, undecryptable body), answered 400. */
  problems: string[];
  /** Status to answer for a path (default 201 Created). */
  answer: Map<string, number>;
  device(path: string): TestDevice;
  close(): Promise<void>;
}

const b64 = (text: string) => Buffer.from(text, 'base64url');

/** RFC 8291 §3.4 and RFC 8188: one record, `salt(16) rs(4) idlen(1) keyid(65) ciphertext+tag`. */
export function decryptAes128gcm(body: Buffer, device: TestDevice): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = device.ecdh.computeSecret(senderPublic);
  const devicePublic = device.ecdh.getPublicKey();
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), devicePublic, senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, device.authSecret, keyInfo, 32));
  const cek = Buffer.from(
    hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
  );
  const nonce = Buffer.from(
    hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12),
  );
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02, then zero padding.
  const end = padded.lastIndexOf(2);
  if (end < 0 || padded.subarray(end + 1).some((byte) => byte !== 0))
    throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}

/** RFC 8292: `vapid t=<JWT>, k=<public key>`; the JWT is ES256-signed with the key's private half. */
export function checkVapid(authorization: string): { claims: ReceivedPush['claims']; key: string } {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization);
  if (!match) throw new Error(`not a VAPID Authorization: ${authorization}`);
  const [header, payload, signature] = match[1]!.split('.') as [string, string, string];
  const key = match[2]!;
  const point = b64(key);
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  if (JSON.parse(b64(header).toString()).alg !== 'ES256') throw new Error('JWT alg is not ES256');
  const ok = verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    b64(signature),
  );
  if (!ok) throw new Error('the VAPID signature does not verify');
  return { claims: JSON.parse(b64(payload).toString()) as ReceivedPush['claims'], key };
}

export async function startLocalPushService(): Promise<LocalPushService> {
  const received: ReceivedPush[] = [];
  const problems: string[] = [];
  const answer = new Map<string, number>();
  const devices = new Map<string, TestDevice>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      try {
        const device = devices.get(path);
        if (!device) throw new Error(`no device at ${path}`);
        if (request.headers['content-encoding'] !== 'aes128gcm')
          throw new Error('Content-Encoding is not aes128gcm');
        const { claims, key } = checkVapid(String(request.headers.authorization));
        const message = JSON.parse(
          decryptAes128gcm(Buffer.concat(chunks), device).toString('utf8'),
        ) as Record<string, unknown>;
        received.push({ path, headers: request.headers, message, claims, vapidKey: key });
      } catch (error) {
        problems.push(error instanceof Error ? error.message : String(error));
        response.writeHead(400).end();
        return;
      }
      response.writeHead(answer.get(path) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    problems,
    answer,
    device(path) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const device: TestDevice = {
        endpoint: `${origin}${path}`,
        keys: {
          p256dh: ecdh.getPublicKey().toString('base64url'),
          auth: authSecret.toString('base64url'),
        },
        ecdh,
        authSecret,
      };
      devices.set(path, device);
      return device;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
