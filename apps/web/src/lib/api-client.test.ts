// The HTTP client: bearer token, busy counter, and docs/api.md's global error catalogue with its two opt-outs.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@dealerleads/shared';
import { http, HttpResponse, setupFakeApi } from '../test/fake-api';
import { api, apiRequest, buildUrl, isLeadListRequest, readPagination } from './api-client';
import { ApiError } from './api-error';
import { getPendingRequests } from './busy';
import { httpErrorTexts } from './http-error-catalogue';
import { setNavigator, type Navigator } from './navigation';
import { notify } from './notify';
import { getCurrentUser, SESSION_STORAGE_KEY, setCurrentUser } from './session';

const dealer: CurrentUser = { id: 2, username: 'dealer', token: 'dealer-token', role: 'Dealer' };

const fakeApi = setupFakeApi();
let navigate: ReturnType<typeof vi.fn<Navigator>>;
let errorToast: ReturnType<typeof vi.spyOn>;

/** The next request, to any path, gets this answer (after `until`, when given). */
function answer(response: Response, until?: Promise<void>) {
  fakeApi.use(
    http.all(
      '/api/*',
      async () => {
        await until;
        return response;
      },
      { once: true },
    ),
  );
}

/** A promise and the function that fulfils it: an answer held back until the test says so. */
function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

function sentHeaders(call = 0): Headers {
  return fakeApi.calls()[call]?.headers ?? new Headers();
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

beforeEach(() => {
  navigate = vi.fn<Navigator>();
  setNavigator(navigate);
  errorToast = vi.spyOn(notify, 'error').mockImplementation(() => undefined);
});

describe('every request', () => {
  it('carries the bearer token when a user is logged in', async () => {
    setCurrentUser(dealer);
    answer(HttpResponse.json({ ok: true }));
    await api.get('/health');
    expect(fakeApi.calls()[0]?.path).toBe('/api/health');
    expect(sentHeaders().get('Authorization')).toBe('Bearer dealer-token');
  });

  it('carries no token when nobody is logged in, or when the call is anonymous', async () => {
    answer(HttpResponse.json({}));
    await api.get('/health');
    expect(sentHeaders(0).has('Authorization')).toBe(false);
    setCurrentUser(dealer);
    answer(HttpResponse.json({}));
    await api.post('/account/login', { userName: 'a', password: 'b' }, { anonymous: true });
    expect(sentHeaders(1).has('Authorization')).toBe(false);
    expect(sentHeaders(1).get('Content-Type')).toBe('application/json');
    expect(fakeApi.calls()[1]?.body).toEqual({ userName: 'a', password: 'b' });
  });

  it('counts as pending while it runs, success or failure', async () => {
    const held = gate();
    answer(HttpResponse.json({}), held.opened);
    const call = api.get('/health');
    expect(getPendingRequests()).toBe(1);
    held.open();
    await call;
    expect(getPendingRequests()).toBe(0);
    answer(HttpResponse.json({ status: 403, message: 'no' }, { status: 403 }));
    await failure(api.get('/users/1'));
    expect(getPendingRequests()).toBe(0);
  });

  it('builds query strings without empty values', () => {
    expect(
      buildUrl('/leads', { pageNumber: 2, city: '', brand: undefined, fuel: null, q: 'a b' }),
    ).toBe('/api/leads?pageNumber=2&q=a+b');
  });

  it('reads a list with its Pagination header', async () => {
    const pagination = { currentPage: 2, itemsPerPage: 5, totalItems: 12, totalPages: 3 };
    answer(HttpResponse.json([{ id: 1 }], { headers: { Pagination: JSON.stringify(pagination) } }));
    await expect(api.getPage('/packages', { query: { pageNumber: 2 } })).resolves.toEqual({
      items: [{ id: 1 }],
      pagination,
    });
    expect(readPagination(new Headers({ Pagination: 'nonsense' }))).toBeNull();
    expect(readPagination(new Headers())).toBeNull();
  });

  it('keeps the capped-total flag of a lead list (shown as "10,000+")', () => {
    const capped = {
      currentPage: 1,
      itemsPerPage: 60,
      totalItems: 10000,
      totalPages: 167,
      totalCapped: true,
    };
    expect(readPagination(new Headers({ Pagination: JSON.stringify(capped) }))).toEqual(capped);
  });
});

describe('the global error catalogue (docs/api.md)', () => {
  it('throws the flattened field messages of a 400 with errors, without a toast', async () => {
    answer(
      HttpResponse.json(
        {
          title: 'One or more validation errors occurred.',
          status: 400,
          errors: {
            userName: ['Please enter Username'],
            email: ['Please enter Email', 'Please enter a valid Email'],
          },
        },
        { status: 400, statusText: 'Bad Request' },
      ),
    );
    const error = await failure(api.post('/account/register', {}));
    expect(error.validationErrors).toEqual([
      'Please enter Username',
      'Please enter Email',
      'Please enter a valid Email',
    ]);
    expect(errorToast).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('toasts the status text and code of any other 400', async () => {
    answer(
      HttpResponse.json(
        { status: 400, message: 'This is a bad request' },
        { status: 400, statusText: 'Bad Request' },
      ),
    );
    const error = await failure(api.get('/buggy/bad-request'));
    expect(errorToast).toHaveBeenCalledWith('Bad Request', '400');
    expect(error.handled).toBe(true);
    expect(error.validationErrors).toEqual([]);
    expect(error.message).toBe('This is a bad request');
  });

  it('falls back to the standard status text when the browser gives none (HTTP/2)', async () => {
    // A plain Response: MSW's HttpResponse would fill in the status text itself.
    answer(
      new Response(JSON.stringify({ status: 400, message: 'x' }), {
        status: 400,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    const error = await failure(api.get('/buggy/bad-request'));
    expect(error.statusText).toBe('');
    expect(errorToast).toHaveBeenCalledWith('Bad Request', '400');
  });

  it("toasts 'Unauthorized - Please log in again' titled 'Authentication Error' on a 401 without a session", async () => {
    answer(
      HttpResponse.json(
        { status: 401, message: 'Unauthorized' },
        { status: 401, statusText: 'Unauthorized' },
      ),
    );
    const error = await failure(api.get('/buggy/auth'));
    expect(errorToast).toHaveBeenCalledWith(
      httpErrorTexts.unauthorized,
      httpErrorTexts.unauthorizedTitle,
    );
    expect(httpErrorTexts).toEqual({
      unauthorized: 'Unauthorized - Please log in again',
      unauthorizedTitle: 'Authentication Error',
      sessionExpired: 'Your session has ended. Please log in again.',
    });
    expect(error.handled).toBe(true);
  });

  it('says once that an expired session ended, however many requests it had out, and clears it', async () => {
    setCurrentUser(dealer);
    const held = gate();
    for (let i = 0; i < 3; i += 1)
      answer(
        HttpResponse.json({ status: 401, message: 'Unauthorized' }, { status: 401 }),
        held.opened,
      );
    const calls = [api.get('/buggy/auth'), api.get('/me/credits'), api.get('/users/dealer')];
    // All three are out before any answer comes back.
    await vi.waitFor(() => expect(fakeApi.calls()).toHaveLength(3));
    held.open();
    const errors = await Promise.all(calls.map(failure));
    expect(errorToast).toHaveBeenCalledTimes(1);
    expect(errorToast).toHaveBeenCalledWith(httpErrorTexts.sessionExpired);
    expect(errors.every((error) => error.handled)).toBe(true);
    expect(getCurrentUser()).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('keeps a newer session when an old request comes back 401', async () => {
    setCurrentUser(dealer);
    const held = gate();
    answer(
      HttpResponse.json({ status: 401, message: 'Unauthorized' }, { status: 401 }),
      held.opened,
    );
    const call = api.get('/buggy/auth');
    const fresh = { ...dealer, token: 'fresh-token' };
    setCurrentUser(fresh);
    held.open();
    await failure(call);
    expect(getCurrentUser()).toEqual(fresh);
  });

  it('navigates to /not-found on 404', async () => {
    answer(
      HttpResponse.json({ status: 404, message: 'gone' }, { status: 404, statusText: 'Not Found' }),
    );
    const error = await failure(api.get('/buggy/not-found'));
    expect(navigate).toHaveBeenCalledWith('/not-found', undefined);
    expect(error.handled).toBe(true);
    expect(errorToast).not.toHaveBeenCalled();
  });

  it('navigates to /server-error with the error body on 500', async () => {
    const body = { status: 500, message: 'This is a server error', stack: 'Error: at x' };
    answer(HttpResponse.json(body, { status: 500, statusText: 'Internal Server Error' }));
    await failure(api.get('/buggy/server-error'));
    expect(navigate).toHaveBeenCalledWith('/server-error', { state: { error: body } });
  });

  it('passes other statuses on unhandled', async () => {
    answer(
      HttpResponse.json(
        { status: 403, message: 'You are not allowed to do this' },
        { status: 403 },
      ),
    );
    const error = await failure(api.get('/users/9'));
    expect(error.status).toBe(403);
    expect(error.handled).toBe(false);
    expect(error.message).toBe('You are not allowed to do this');
    expect(errorToast).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('opting out of the catalogue', () => {
  it.each([400, 401, 404, 500])(
    'X-Handle-Errors: true passes a %i through untouched',
    async (status) => {
      answer(HttpResponse.json({ status, message: 'server text' }, { status }));
      const error = await failure(
        apiRequest('/account/login', { method: 'POST', body: {}, handleErrors: true }),
      );
      expect(sentHeaders().get('X-Handle-Errors')).toBe('true');
      expect(error.status).toBe(status);
      expect(error.handled).toBe(false);
      expect(error.message).toBe('server text');
      expect(errorToast).not.toHaveBeenCalled();
      expect(navigate).not.toHaveBeenCalled();
    },
  );

  it('also honours the header when a caller sets it by hand', async () => {
    answer(HttpResponse.json({ status: 404, message: 'x' }, { status: 404 }));
    await failure(api.get('/buggy/not-found', { headers: { 'X-Handle-Errors': 'true' } }));
    expect(navigate).not.toHaveBeenCalled();
  });

  it.each([404, 401, 500, 400])(
    'the lead list (GET /leads) bypasses the catalogue on %i',
    async (status) => {
      answer(HttpResponse.json({ status, message: 'x' }, { status }));
      await failure(api.getPage('/leads', { query: { pageNumber: 1, city: 'Noida' } }));
      expect(errorToast).not.toHaveBeenCalled();
      expect(navigate).not.toHaveBeenCalled();
    },
  );

  it('a lead (GET /leads/{id}) does not bypass it', async () => {
    answer(HttpResponse.json({ status: 404, message: 'Lead not found' }, { status: 404 }));
    await failure(api.get('/leads/99'));
    expect(navigate).toHaveBeenCalledWith('/not-found', undefined);
  });

  it('a stale token is forgotten even when the request handles its own errors', async () => {
    setCurrentUser(dealer);
    answer(HttpResponse.json({ status: 401, message: 'Unauthorized' }, { status: 401 }));
    await failure(api.getPage('/leads'));
    expect(getCurrentUser()).toBeNull();
    expect(errorToast).not.toHaveBeenCalled();
  });

  it('recognises the lead list by its path', () => {
    expect(isLeadListRequest('GET', '/api/leads')).toBe(true);
    expect(isLeadListRequest('GET', '/api/leads?pageNumber=2')).toBe(true);
    expect(isLeadListRequest('GET', '/api/leads/5')).toBe(false);
    expect(isLeadListRequest('POST', '/api/leads/5/unlock')).toBe(false);
    expect(isLeadListRequest('POST', '/api/leads')).toBe(false);
  });
});
