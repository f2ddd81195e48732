// The web tests' one fake API: MSW answers the app's real fetch calls, so a test names routes and bodies, not
// fetch's arguments; every request is recorded for assertions, and a request no handler answers fails the test.
import { http, HttpResponse, type RequestHandler } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';

export { http, HttpResponse };

/** One request the app sent, as the fake API saw it. */
export interface ApiCall {
  method: string;
  /** Path and query, e.g. `/api/orders?page=1`. */
  path: string;
  /** The path alone, e.g. `/api/orders`. */
  pathname: string;
  /** The query parameters, e.g. `{ page: '1' }`. */
  query: Record<string, string>;
  /** The JSON body, when the request had one (the raw text of any other body, e.g. a photo upload's form). */
  body: unknown;
  headers: Headers;
}

const server = setupServer();

function parseOrText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
const calls: ApiCall[] = [];
/** The requests no handler answered in the current test. */
const unhandled: string[] = [];

server.events.on('request:start', ({ request }) => {
  const url = new URL(request.url);
  const record: ApiCall = {
    method: request.method,
    path: url.pathname + url.search,
    pathname: url.pathname,
    query: Object.fromEntries(url.searchParams),
    body: undefined,
    headers: request.headers,
  };
  // A request with a body is logged once its body is read (from a clone, so the handler still gets it): a test
  // that sees the call sees what it sent.
  if (request.method === 'GET' || request.method === 'HEAD') calls.push(record);
  else
    void request
      .clone()
      .text()
      .then((text) => {
        record.body = text ? parseOrText(text) : undefined;
      })
      .catch(() => undefined)
      .finally(() => calls.push(record));
});

/** The `Pagination` header's fields a test may set; the rest follow from the items (and `totalCapped` is the lead list's). */
export interface PageOf {
  currentPage?: number;
  itemsPerPage?: number;
  totalItems?: number;
  totalPages?: number;
  totalCapped?: boolean;
}

/** A JSON answer with the list paging header the API sends (`Pagination`), e.g. page 2 of 1,200 items. */
export function pagedJson<T>(items: readonly T[], page: PageOf = {}): HttpResponse<T[]> {
  const itemsPerPage = page.itemsPerPage ?? 20;
  const totalItems = page.totalItems ?? items.length;
  const pagination = {
    currentPage: 1,
    totalPages: Math.max(1, Math.ceil(totalItems / itemsPerPage)),
    ...page,
    itemsPerPage,
    totalItems,
  };
  return HttpResponse.json([...items], { headers: { Pagination: JSON.stringify(pagination) } });
}

/** The API's JSON error body with its status. */
export function apiError(status: number, message: string) {
  return HttpResponse.json({ status, message }, { status });
}

/**
 * The reads a screen loads beside its own and shows nothing of when they fail (the nav bar's balance, bell and
 * saved searches, the UPI settings, the price guide), answered with a 500: list them last for a test not about them.
 */
export const failedSideReads = [
  '/api/me/credits',
  '/api/me/events',
  '/api/notifications',
  '/api/notifications/unread-count',
  '/api/saved-searches',
  '/api/orders/config',
  '/api/price-guide',
].map((path) => http.get(path, () => apiError(500, 'Internal server error')));

export interface FakeApi {
  /** Handlers for the current test only, tried before the file's. */
  use: (...handlers: RequestHandler[]) => void;
  /** The requests sent since the test began, oldest first. */
  calls: () => readonly ApiCall[];
  /** The requests of one method whose path starts with `prefix`. */
  callsTo: (method: string, prefix: string) => ApiCall[];
  /** The query of each request of one method to exactly `pathname` (any query), oldest first. */
  queriesOf: (method: string, pathname: string) => Record<string, string>[];
}

/**
 * Starts the fake API for a test file with its handlers (reset to these before each test); a request that none
 * answers is an error, so a screen asking for something the test did not expect is a failure, not a hang.
 */
export function setupFakeApi(...handlers: RequestHandler[]): FakeApi {
  beforeAll(() =>
    server.listen({
      onUnhandledRequest: (request, print) => {
        unhandled.push(`${request.method} ${new URL(request.url).pathname}`);
        print.error();
      },
    }),
  );
  beforeEach(() => {
    calls.length = 0;
    unhandled.length = 0;
    server.resetHandlers(...handlers);
  });
  afterEach(() => {
    server.resetHandlers();
    // The app sees a network error, which a screen may survive: the test fails here instead.
    if (unhandled.length > 0)
      throw new Error(`No fake API handler answered: ${[...new Set(unhandled)].join(', ')}`);
  });
  afterAll(() => server.close());
  return {
    use: (...more) => server.use(...more),
    calls: () => calls,
    callsTo: (method, prefix) =>
      calls.filter((call) => call.method === method && call.path.startsWith(prefix)),
    queriesOf: (method, pathname) =>
      calls
        .filter((call) => call.method === method && call.pathname === pathname)
        .map((call) => call.query),
  };
}
