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
  /** The JSON body, when the request had one. */
  body: unknown;
  headers: Headers;
}

const server = setupServer();
const calls: ApiCall[] = [];

server.events.on('request:start', ({ request }) => {
  const url = new URL(request.url);
  const record: ApiCall = {
    method: request.method,
    path: url.pathname + url.search,
    body: undefined,
    headers: request.headers,
  };
  calls.push(record);
  // The body is read from a clone so the handler still gets it.
  if (request.method !== 'GET' && request.method !== 'HEAD')
    void request
      .clone()
      .text()
      .then((text) => {
        record.body = text ? (JSON.parse(text) as unknown) : undefined;
      })
      .catch(() => undefined);
});

/** A JSON answer with the list paging header the API sends (`Pagination`). */
export function pagedJson<T>(items: readonly T[], page = 1, itemsPerPage = 20): HttpResponse<T[]> {
  const totalPages = Math.max(1, Math.ceil(items.length / itemsPerPage));
  return HttpResponse.json([...items], {
    headers: {
      Pagination: JSON.stringify({
        currentPage: page,
        itemsPerPage,
        totalItems: items.length,
        totalPages,
      }),
    },
  });
}

/** The API's JSON error body with its status. */
export function apiError(status: number, message: string) {
  return HttpResponse.json({ status, message }, { status });
}

export interface FakeApi {
  /** Handlers for the current test only, tried before the file's. */
  use: (...handlers: RequestHandler[]) => void;
  /** The requests sent since the test began, oldest first. */
  calls: () => readonly ApiCall[];
  /** The requests of one method whose path starts with `prefix`. */
  callsTo: (method: string, prefix: string) => ApiCall[];
}

/**
 * Starts the fake API for a test file with its handlers (reset to these before each test); a request that none
 * answers is an error, so a screen asking for something the test did not expect is a failure, not a hang.
 */
export function setupFakeApi(...handlers: RequestHandler[]): FakeApi {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => {
    calls.length = 0;
    server.resetHandlers(...handlers);
  });
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return {
    use: (...more) => server.use(...more),
    calls: () => calls,
    callsTo: (method, prefix) =>
      calls.filter((call) => call.method === method && call.path.startsWith(prefix)),
  };
}
