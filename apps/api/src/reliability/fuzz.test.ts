// Fuzzing every documented endpoint as anonymous, dealer and Admin: requests generated from the OpenAPI document
// with wrong types, missing and extra fields, huge and hostile text, odd numbers. Never a 5xx, every error in the
// documented JSON shape, no internals leaked, and no row changed by a refused request.
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { apiMessages } from '@dealerleads/shared';
import type { Db } from '../db/database';
import { todayInIndia } from '../lib/calendar';
import {
  createMember,
  testEngines,
  useMembers,
  useTestApp,
  type TestMember,
} from '../test/test-app';
import { createPackage, createUserPackage, createLeads } from '../test/fixtures';
import {
  bodyFor,
  hostileText,
  operationsOf,
  plausible,
  type KnownValues,
  type OpenApiDocument,
  type Operation,
} from './fuzz';

/** Generated requests per endpoint: every one gets its share (at least 20) whatever the number of endpoints. */
const FUZZ_RUNS_PER_OPERATION = 40;
const TABLES = [
  'users',
  'leads',
  'packages',
  'user_packages',
  'lead_unlocks',
  'leads_version',
  'orders',
] as const;

type Who = 'anonymous' | 'dealer' | 'admin';

interface FuzzRequest {
  operation: string;
  who: Who;
  options: InjectOptions;
}

type Snapshot = Map<string, Map<number, string>>;

async function snapshot(db: Db): Promise<Snapshot> {
  const result: Snapshot = new Map();
  for (const table of TABLES) {
    const rows = (await db.selectFrom(table).selectAll().execute()) as { id: number }[];
    result.set(table, new Map(rows.map((r) => [r.id, JSON.stringify(r)])));
  }
  return result;
}

/** Rows a refused request changed. Marking an expired package inactive on a refused unlock is the one allowed write. */
function changedRows(before: Snapshot, after: Snapshot): string[] {
  const today = todayInIndia();
  const changes: string[] = [];
  for (const table of TABLES) {
    const a = before.get(table)!;
    const b = after.get(table)!;
    for (const id of new Set([...a.keys(), ...b.keys()])) {
      const was = a.get(id);
      const now = b.get(id);
      if (was === now) continue;
      if (table === 'user_packages' && was && now) {
        const w = JSON.parse(was) as Record<string, unknown>;
        const n = JSON.parse(now) as Record<string, unknown>;
        const expiryMark =
          String(n.end_date) < today &&
          (w.is_active === 1 || w.is_active === true) &&
          (n.is_active === 0 || n.is_active === false) &&
          JSON.stringify({ ...w, is_active: null }) === JSON.stringify({ ...n, is_active: null });
        if (expiryMark) continue;
      }
      changes.push(`${table} ${id}: ${was ?? '(none)'} → ${now ?? '(deleted)'}`);
    }
  }
  return changes;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** What is wrong with an error answer's body: the two documented shapes, exactly, with the HTTP status inside. */
function errorShapeProblem(status: number, body: unknown): string | undefined {
  if (!isRecord(body)) return 'the body is not a JSON object';
  const keys = Object.keys(body).sort().join(',');
  if (keys === 'code,errors,status,title') {
    if (body.code !== 'validation') return 'a validation body without its code';
    if (status !== 400 || body.status !== 400) return 'a validation body on a non-400';
    if (body.title !== apiMessages.validationTitle) return 'wrong validation title';
    const errors = body.errors;
    if (!isRecord(errors) || Object.keys(errors).length === 0) return 'empty validation errors';
    for (const messages of Object.values(errors)) {
      if (
        !Array.isArray(messages) ||
        messages.length === 0 ||
        !messages.every((m) => typeof m === 'string' && m.length > 0)
      )
        return 'validation errors are not lists of messages';
    }
    return undefined;
  }
  if (keys === 'code,message,status') {
    if (typeof body.code !== 'string' || body.code === '') return 'no code';
    if (body.status !== status) return `status ${String(body.status)} in a ${status} body`;
    if (typeof body.message !== 'string' || body.message.length === 0) return 'empty message';
    return undefined;
  }
  return `unexpected keys ${keys}`;
}

const rawBodies = [
  '{"userName":',
  '{"__proto__":{"role":"Admin"}}',
  '{"constructor":{"prototype":{"role":"Admin"}}}',
  '[]',
  'null',
  '"text"',
  '',
  '\u0000',
];

function requestFor(op: Operation, known: KnownValues): fc.Arbitrary<FuzzRequest> {
  const segment = (param: Operation['pathParams'][number]) =>
    fc.oneof(
      {
        weight: 2,
        arbitrary: plausible(param.schema ?? {}, param.name, known).map((v) =>
          encodeURIComponent(String(v)),
        ),
      },
      { weight: 3, arbitrary: hostileText.map(encodeURIComponent) },
      // Sent as they are: broken percent-encoding and path tricks.
      {
        weight: 1,
        arbitrary: fc.constantFrom('%', '%zz', '%E0%A4%A', '%00', '..', '.', '%2F', ';x=1'),
      },
    );
  const pathArb = fc
    .tuple(...op.pathParams.map(segment))
    .map((values) =>
      op.pathParams.reduce(
        (path, param, i) => path.replace(`{${param.name}}`, values[i]!),
        op.path,
      ),
    );
  const queryArb = fc
    .tuple(
      fc.tuple(
        ...op.queryParams.map((param) =>
          fc.option(
            fc.oneof(
              {
                weight: 2,
                arbitrary: plausible(param.schema ?? {}, param.name, known).map(String),
              },
              { weight: 3, arbitrary: hostileText },
            ),
            { freq: 2 },
          ),
        ),
      ),
      fc.subarray([
        'role=Admin',
        'userId=1',
        'isActive=true',
        'pageSize=1000000',
        'searchterm=a&searchterm=b',
      ]),
    )
    .map(([values, extras]) => {
      const query = new URLSearchParams();
      op.queryParams.forEach((param, i) => {
        const value = values[i];
        if (value !== null && value !== undefined) query.append(param.name, value);
      });
      const text = [query.toString(), ...extras].filter(Boolean).join('&');
      return text ? `?${text}` : '';
    });
  const sendsBody = op.body !== undefined || op.method === 'POST' || op.method === 'PUT';
  const bodyArb: fc.Arbitrary<{ payload?: string; contentType?: string }> = sendsBody
    ? fc.oneof(
        {
          weight: 8,
          arbitrary: (op.body ? bodyFor(op.body, known) : fc.jsonValue({ maxDepth: 2 })).map(
            (value) => ({
              payload: JSON.stringify(value) ?? 'null',
              contentType: 'application/json',
            }),
          ),
        },
        {
          weight: 1,
          arbitrary: fc.constantFrom(...rawBodies).map((payload) => ({
            payload,
            contentType: 'application/json',
          })),
        },
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            { payload: 'role=Admin', contentType: 'application/x-www-form-urlencoded' },
            { payload: '{"status":true}', contentType: 'text/plain' },
            { payload: '<x/>', contentType: 'application/xml' },
            {},
          ),
        },
      )
    : fc.constant({});
  return fc
    .record({
      who: fc.constantFrom<Who>('anonymous', 'dealer', 'admin'),
      path: pathArb,
      query: queryArb,
      body: bodyArb,
    })
    .map(({ who, path, query, body }) => ({
      operation: `${op.method} ${op.path}`,
      who,
      options: {
        method: op.method as InjectOptions['method'],
        url: `${path}${query}`,
        ...(body.payload === undefined ? {} : { payload: body.payload }),
        headers: body.contentType ? { 'content-type': body.contentType } : {},
      },
    }));
}

describe.each(testEngines())('fuzzing every endpoint on %s', (engine) => {
  const ctx = useTestApp(engine);
  const members: Record<Exclude<Who, 'anonymous'>, TestMember> = useMembers(ctx, {
    admin: { role: 'Admin' },
    dealer: {},
  });
  let known: KnownValues;
  let operations: Operation[];

  beforeAll(async () => {
    const other = await createMember(ctx);
    const leads = await createLeads(
      ctx,
      Array.from({ length: 8 }, (_, i) => ({ status: i === 7 ? 0 : 1 })),
    );
    const packageId = await createPackage(ctx, { credits: 20 });
    const userPackages = [
      await createUserPackage(ctx, members.dealer.id, { credits: 5 }),
      await createUserPackage(ctx, members.dealer.id, { type: 'Unlimited', credits: 30 }),
      await createUserPackage(ctx, other.id, { credits: 5 }),
    ];
    // A pending order of the dealer, so the order routes meet a real one.
    const order = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: { packageId },
      headers: { authorization: `Bearer ${members.dealer.token}` },
    });
    const orderId = order.json<{ id: number }>().id;
    known = {
      ids: [
        ...new Set([
          members.admin.id,
          members.dealer.id,
          other.id,
          packageId,
          ...userPackages,
          orderId,
          ...leads.map((l) => l.id),
        ]),
      ],
      userNames: [members.admin.userName, members.dealer.userName, other.userName],
    };
    const doc = await ctx.app.inject({ url: '/api/docs/json' });
    operations = operationsOf(doc.json<OpenApiDocument>());
  });

  it('finds the routes in the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThanOrEqual(25);
    for (const name of [
      'POST /api/leads/{id}/unlock',
      'PUT /api/users/update/{id}',
      'POST /api/userpackage/add',
    ])
      expect(operations.map((o) => `${o.method} ${o.path}`)).toContain(name);
  });

  it(`answers ${FUZZ_RUNS_PER_OPERATION} generated requests per endpoint without a 5xx, in the documented shapes, changing nothing when refusing`, async () => {
    const { db } = ctx.database;
    const hits = new Map<string, number>();
    let before = await snapshot(db);
    await fc.assert(
      fc.asyncProperty(fc.oneof(...operations.map((op) => requestFor(op, known))), async (req) => {
        hits.set(req.operation, (hits.get(req.operation) ?? 0) + 1);
        const member = req.who === 'anonymous' ? undefined : members[req.who];
        const res = await ctx.app.inject({
          ...req.options,
          headers: {
            ...req.options.headers,
            ...(member ? { authorization: `Bearer ${member.token}` } : {}),
          },
        });
        const after = await snapshot(db);
        const label = `${req.who} ${req.options.method} ${String(req.options.url).slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
        expect(res.statusCode, label).toBeLessThan(500);
        // Nothing internal ever goes out: no hash, no stack, no SQL error text.
        expect(res.body, label).not.toMatch(
          /\$argon2|password_hash|"stack"|SQLITE_|syntax error at or near/,
        );
        if (res.statusCode >= 400) {
          expect(res.headers['content-type'], label).toMatch(/^application\/json/);
          expect(errorShapeProblem(res.statusCode, res.json()), label).toBeUndefined();
          expect(changedRows(before, after), label).toEqual([]);
        }
        before = after;
      }),
      { numRuns: FUZZ_RUNS_PER_OPERATION * operations.length },
    );
    // Every endpoint got its share of requests.
    for (const op of operations)
      expect(hits.get(`${op.method} ${op.path}`) ?? 0).toBeGreaterThanOrEqual(20);
  }, 300_000);
});

describe.each(testEngines())('values the database cannot take, on %s', (engine) => {
  const ctx = useTestApp(engine);
  const { admin, dealer } = useMembers(ctx, { admin: { role: 'Admin' }, dealer: {} });
  let packageId: number;
  let endlessPackage: number;

  beforeAll(async () => {
    packageId = await createPackage(ctx, { credits: 20 });
    endlessPackage = await createPackage(ctx, { credits: 20, validity: 99_999_999 });
  });

  type Body = Record<string, unknown> | undefined;
  type Case = [
    name: string,
    outcome: 'refused' | 'answered',
    method: 'GET' | 'POST',
    url: string,
    body: () => Body,
  ];
  const assign = (body: Record<string, unknown>): Body => ({
    userId: dealer.id,
    packageId,
    startDate: '2026-01-01',
    ...body,
  });

  // 'refused': a 4xx on both engines. 'answered': SQLite may take the value where PostgreSQL refuses it; never a 5xx.
  const cases: Case[] = [
    [
      'a userId beyond 32 bits',
      'refused',
      'POST',
      '/api/userpackage/add',
      () => assign({ userId: 2_147_483_648 }),
    ],
    [
      'a packageId beyond 32 bits',
      'refused',
      'POST',
      '/api/userpackage/add',
      () => assign({ packageId: Number.MAX_SAFE_INTEGER }),
    ],
    [
      'an end date past year 9999',
      'refused',
      'POST',
      '/api/userpackage/add',
      () => assign({ startDate: '9999-12-31' }),
    ],
    [
      'a validity that ends past year 9999',
      'refused',
      'POST',
      '/api/userpackage/add',
      () => assign({ packageId: endlessPackage }),
    ],
    [
      'a start date in year 0',
      'refused',
      'POST',
      '/api/userpackage/add',
      () => assign({ startDate: '0000-01-01' }),
    ],
    [
      'a NUL character in a path',
      'refused',
      'GET',
      '/api/userpackagelead/user/%00',
      () => undefined,
    ],
    [
      'a NUL character in a body',
      'refused',
      'POST',
      '/api/account/login',
      () => ({ userName: 'a\u0000b', password: 'x' }),
    ],
    [
      'a NUL character in a search',
      'answered',
      'GET',
      '/api/users?searchterm=a%00b',
      () => undefined,
    ],
    [
      'a KmDriven band beyond 32 bits',
      'answered',
      'GET',
      '/api/leads?KmDriven=3000000000-',
      () => undefined,
    ],
    [
      'a 201-character path parameter',
      'refused',
      'GET',
      `/api/users/${'x'.repeat(201)}`,
      () => undefined,
    ],
    ['broken percent-encoding', 'refused', 'GET', '/api/users/%E0%A4%A', () => undefined],
  ];
  it.each(cases)(
    '%s: %s without a 5xx, in the documented shape, changing nothing',
    async (_name, outcome, method, url, body) => {
      const { db } = ctx.database;
      const before = await snapshot(db);
      const payload = body();
      const res = await ctx.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${admin.token}` },
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, res.body).toBeLessThan(500);
      if (outcome === 'refused') expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      if (res.statusCode >= 400) {
        expect(errorShapeProblem(res.statusCode, res.json())).toBeUndefined();
        expect(changedRows(before, await snapshot(db))).toEqual([]);
      }
    },
  );
});
