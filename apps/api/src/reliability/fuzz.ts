// Request generators for the endpoint fuzzing, derived from the OpenAPI document the API serves at /api/docs/json.
import fc from 'fast-check';

/** The parts of an OpenAPI 3 document the fuzzer reads. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
}

interface OpenApiParameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, unknown>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

export interface Operation {
  method: string;
  /** The documented path, e.g. /api/leads/{id}. */
  path: string;
  pathParams: OpenApiParameter[];
  queryParams: OpenApiParameter[];
  body?: JsonSchema;
}

/** Every documented operation, except the test-errors call whose documented answer is a 500. */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const statuses = Object.keys(op.responses ?? {});
      if (statuses.length > 0 && statuses.every((s) => s.startsWith('5'))) continue;
      const parameters = op.parameters ?? [];
      const body = op.requestBody?.content?.['application/json']?.schema;
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path'),
        queryParams: parameters.filter((p) => p.in === 'query'),
        ...(body ? { body } : {}),
      });
    }
  }
  return operations;
}

/** Values real rows have, so generated requests also reach past the validation into the services. */
export interface KnownValues {
  ids: number[];
  userNames: string[];
}

/** SQL, script and template payloads, path tricks and awkward text for every text field, query and path. */
export const attackStrings = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR 1=1 --',
  '1; select pg_sleep(1) --',
  "1' UNION SELECT password_hash FROM users --",
  "%' OR '%'='",
  '%',
  '_',
  '\\',
  '\\%',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "javascript:alert('x')",
  '{{7*7}}',
  '${7*7}',
  '../../../../etc/passwd',
  '%2e%2e%2f',
  '\u0000',
  'a\u0000b',
  '\u202eevil',
  '\ufeff',
  '👍🏽👨‍👩‍👧',
  'हिन्दी ਪੰਜਾਬੀ தமிழ்',
  'Z̸̢̛a̴l̷g̸o̶',
  ' ',
  '',
  'null',
  'undefined',
  'NaN',
  '-1',
  '0',
  '1e309',
  '0x10',
  '１２３',
  '2147483648',
  '9223372036854775808',
  '__proto__',
  'constructor',
];

const hugeString = fc.constantFrom('x'.repeat(5_000), '𝕏'.repeat(2_000), 'ab'.repeat(70_000));

/** Any JSON value a careless or hostile client could send. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...attackStrings) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: hugeString },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      -1,
      0,
      1.5,
      -2_147_483_649,
      2_147_483_648,
      Number.MAX_SAFE_INTEGER + 2,
      1e308,
      -1e308,
      1e-9,
    ),
  },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 2, arbitrary: fc.constantFrom(null, true, false, [], {}, [1, 2], { $gt: '' }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** What a query string or a path segment can carry: text only. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...attackStrings) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.constantFrom('x'.repeat(3_000), '9'.repeat(400)) },
  {
    weight: 2,
    arbitrary: fc
      .constantFrom(-1, 0, 1.5, 2_147_483_648, Number.MAX_SAFE_INTEGER + 2, 1e308)
      .map(String),
  },
);

/** Body fields that belong to the server or to an Admin; a client slipping them in must change nothing. */
export const massAssignmentFields: Record<string, unknown> = {
  id: 1,
  userId: 1,
  role: 'Admin',
  status: true,
  isActive: true,
  packageBalanceCredits: 1_000_000,
  packageCredits: 1_000_000,
  creditDebited: 0,
  charged: false,
  unlocked: true,
  unlockCount: 0,
  userName: 'admin',
  passwordHash: 'x',
  password_hash: 'x',
  createdOn: '2000-01-01T00:00:00.000Z',
};

function typesOf(schema: JsonSchema): string[] {
  if (schema.type === undefined) return [];
  return Array.isArray(schema.type) ? schema.type : [schema.type];
}

/** A value the schema accepts (or nearly), preferring real ids and user names so requests get past validation. */
export function plausible(
  schema: JsonSchema,
  name: string,
  known: KnownValues,
): fc.Arbitrary<unknown> {
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && alternatives.length > 0)
    return fc.oneof(...alternatives.map((s) => plausible(s, name, known)));
  if (schema.allOf && schema.allOf.length > 0) return plausible(schema.allOf[0]!, name, known);
  const types = typesOf(schema);
  if (types.includes('integer') || types.includes('number')) {
    if (/id$/i.test(name) && known.ids.length > 0) return fc.constantFrom(...known.ids);
    const min = schema.minimum ?? 0;
    const low = schema.exclusiveMinimum === true ? min + 1 : min;
    const high = Math.min(schema.maximum ?? low + 1_000, low + 1_000_000);
    return fc.integer({ min: Math.ceil(low), max: Math.floor(high) });
  }
  if (types.includes('boolean')) return fc.boolean();
  if (types.includes('array'))
    return fc.array(plausible(schema.items ?? {}, name, known), { maxLength: 3 });
  if (types.includes('object')) return plausibleObject(schema, known);
  // Text: shaped by the field's name or format, else a word within the length limits.
  if (/^user_?name$/i.test(name) && known.userNames.length > 0)
    return fc.constantFrom(...known.userNames);
  if (schema.format === 'date' || /date/i.test(name))
    return fc.constantFrom('2026-01-15', '2026-02-29', '2025-12-31', '9999-12-31', '0000-01-01');
  if (/email/i.test(name)) return fc.constantFrom('dealer@example.in', 'a@b.co');
  if (/phone/i.test(name)) return fc.constantFrom('9876543210', '98765', '');
  if (/pincode/i.test(name)) return fc.constantFrom('110001', '1100', '');
  if (/password/i.test(name)) return fc.constantFrom('Passw0rd!long', 'short', '');
  if (/^(price|kmdriven)$/i.test(name))
    return fc.constantFrom('100000-500000', '500000-', '0-0', '3000000000-', '5-1');
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 20, 20));
  return fc.string({ minLength, maxLength });
}

function plausibleObject(schema: JsonSchema, known: KnownValues): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const shape: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, property] of Object.entries(properties))
    shape[key] = plausible(property, key, known);
  return fc.record(shape, { requiredKeys: schema.required ?? [] });
}

/**
 * A JSON body for the schema: mostly its own fields, each one plausible, hostile or left out, plus extra fields
 * (mass assignment); sometimes not an object at all.
 */
export function bodyFor(schema: JsonSchema, known: KnownValues): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const field = (key: string, property: JsonSchema) =>
    fc.oneof(
      { weight: 3, arbitrary: plausible(property, key, known) },
      { weight: 2, arbitrary: hostileValue },
    );
  const shape: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, property] of Object.entries(properties)) shape[key] = field(key, property);
  const fields = fc.record(shape, { requiredKeys: [] });
  const extras = fc
    .subarray(Object.keys(massAssignmentFields))
    .chain((keys) =>
      fc.record(
        Object.fromEntries(
          keys.map((k) => [k, fc.oneof(fc.constant(massAssignmentFields[k]), hostileValue)]),
        ),
      ),
    );
  return fc.oneof(
    { weight: 6, arbitrary: fc.tuple(fields, extras).map(([f, e]) => ({ ...e, ...f })) },
    { weight: 3, arbitrary: plausibleObject(schema, known) },
    { weight: 1, arbitrary: hostileValue },
  );
}
