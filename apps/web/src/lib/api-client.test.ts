// The HTTP client: bearer token, busy counter, and docs/api.md's global error catalogue with its two opt-outs.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@dealerleads/shared';
import { jsonResponse } from '../test/render-route';
import { api, apiRequest, buildUrl, isLeadListRequest, readPagination } from './api-client';
import { ApiError } from './api-error';
import { getPendingRequests } from './busy';
import { httpErrorTexts } from './http-error-catalogue';
import { setNavigator, type Navigator } from './navigation';
import { notify } from './notify';
import { getCurrentUser, SESSION_STORAGE_KEY, setCurrentUser } from './session';

const dealer: CurrentUser = { id: 2, username: 'dealer', token: 'dealer-token', role: 'Dealer' };

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let navigate: ReturnType<typeof vi.fn<Navigator>>;
let errorToast: ReturnType<typeof vi.spyOn>;

function answer(response: Response) {
  fetchMock.mockResolvedValueOnce(response);
}

function sentHeaders(call = 0): Headers {
  const init = fetchMock.mock.calls[call]?.[1];
  return new Headers(init?.headers);
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
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  navigate = vi.fn<Navigator>();
  setNavigator(navigate);
  errorToast = vi.spyOn(notify, 'error').mockImplementation(() => undefined);
});

describe('every request', () => {
  it('carries the bearer token when a user is logged in', async () => {
    setCurrentUser(dealer);
    answer(jsonResponse({ ok: true }));
    await api.get('/health');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/health');
    expect(sentHeaders().get('Authorization')).toBe('Bearer dealer-token');
  });

  it('carries no token when nobody is logged in, or when the call is anonymous', async () => {
    answer(jsonResponse({}));
    await api.get('/health');
    expect(sentHeaders(0).has('Authorization')).toBe(false);
    setCurrentUser(dealer);
    answer(jsonResponse({}));
    await api.post('/account/login', { userName: 'a', password: 'b' }, { anonymous: true });
    expect(sentHeaders(1).has('Authorization')).toBe(false);
    expect(sentHeaders(1).get('Content-Type')).toBe('application/json');
    expect(fetchMock.mock.calls[1]?.[1]?.body).toBe('{"userName":"a","password":"b"}');
  });

  it('counts as pending while it runs, success or failure', async () => {
    let release: (r: Response) => void = () => undefined;
    fetchMock.mockReturnValueOnce(new Promise((resolve) => (release = resolve)));
    const call = api.get('/health');
    expect(getPendingRequests()).toBe(1);
    release(jsonResponse({}));
    await call;
    expect(getPendingRequests()).toBe(0);
    answer(jsonResponse({ status: 403, message: 'no' }, { status: 403 }));
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
    answer(jsonResponse([{ id: 1 }], { headers: { Pagination: JSON.stringify(pagination) } }));
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
      jsonResponse(
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
      jsonResponse(
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
    answer(jsonResponse({ status: 400, message: 'x' }, { status: 400 }));
    await failure(api.get('/buggy/bad-request'));
    expect(errorToast).toHaveBeenCalledWith('Bad Request', '400');
  });

  it("toasts 'Unauthorized - Please log in again' titled 'Authentication Error' on a 401 without a session", async () => {
    answer(
      jsonResponse(
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
    const releases: ((r: Response) => void)[] = [];
    for (let i = 0; i < 3; i += 1)
      fetchMock.mockReturnValueOnce(new Promise((resolve) => releases.push(resolve)));
    const calls = [api.get('/buggy/auth'), api.get('/me/credits'), api.get('/users/dealer')];
    for (const release of releases)
      release(jsonResponse({ status: 401, message: 'Unauthorized' }, { status: 401 }));
    const errors = await Promise.all(calls.map(failure));
    expect(errorToast).toHaveBeenCalledTimes(1);
    expect(errorToast).toHaveBeenCalledWith(httpErrorTexts.sessionExpired);
    expect(errors.every((error) => error.handled)).toBe(true);
    expect(getCurrentUser()).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('keeps a newer session when an old request comes back 401', async () => {
    setCurrentUser(dealer);
    let release: (r: Response) => void = () => undefined;
    fetchMock.mockReturnValueOnce(new Promise((resolve) => (release = resolve)));
    const call = api.get('/buggy/auth');
    const fresh = { ...dealer, token: 'fresh-token' };
    setCurrentUser(fresh);
    release(jsonResponse({ status: 401, message: 'Unauthorized' }, { status: 401 }));
    await failure(call);
    expect(getCurrentUser()).toEqual(fresh);
  });

  it('navigates to /not-found on 404', async () => {
    answer(
      jsonResponse({ status: 404, message: 'gone' }, { status: 404, statusText: 'Not Found' }),
    );
    const error = await failure(api.get('/buggy/not-found'));
    expect(navigate).toHaveBeenCalledWith('/not-found', undefined);
    expect(error.handled).toBe(true);
    expect(errorToast).not.toHaveBeenCalled();
  });

  it('navigates to /server-error with the error body on 500', async () => {
    const body = { status: 500, message: 'This is a server error', stack: 'Error: at x' };
    answer(jsonResponse(body, { status: 500, statusText: 'Internal Server Error' }));
    await failure(api.get('/buggy/server-error'));
    expect(navigate).toHaveBeenCalledWith('/server-error', { state: { error: body } });
  });

  it('passes other statuses on unhandled', async () => {
    answer(
      jsonResponse({ status: 403, message: 'You are not allowed to do this' }, { status: 403 }),
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
      answer(jsonResponse({ status, message: 'server text' }, { status }));
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
    answer(jsonResponse({ status: 404, message: 'x' }, { status: 404 }));
    await failure(api.get('/buggy/not-found', { headers: { 'X-Handle-Errors': 'true' } }));
    expect(navigate).not.toHaveBeenCalled();
  });

  it.each([404, 401, 500, 400])(
    'the lead list (GET /leads) bypasses the catalogue on %i',
    async (status) => {
      answer(jsonResponse({ status, message: 'x' }, { status }));
      await failure(api.getPage('/leads', { query: { pageNumber: 1, city: 'Noida' } }));
      expect(errorToast).not.toHaveBeenCalled();
      expect(navigate).not.toHaveBeenCalled();
    },
  );

  it('a lead (GET /leads/{id}) does not bypass it', async () => {
    answer(jsonResponse({ status: 404, message: 'Lead not found' }, { status: 404 }));
    await failure(api.get('/leads/99'));
    expect(navigate).toHaveBeenCalledWith('/not-found', undefined);
  });

  it('a stale token is forgotten even when the request handles its own errors', async () => {
    setCurrentUser(dealer);
    answer(jsonResponse({ status: 401, message: 'Unauthorized' }, { status: 401 }));
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
