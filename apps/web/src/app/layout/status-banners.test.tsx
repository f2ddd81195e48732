// The offline banner (a failed request, an answer from the offline copy, the browser's offline flag) and the update prompt.
import { act, screen } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../config/paths';
import { api } from '../../lib/api-client';
import { offerUpdate } from '../../lib/app-update';
import { reportReachable } from '../../lib/connection';
import { OFFLINE_COPY_HEADER } from '../../lib/offline-cache';
import { http, HttpResponse, setupFakeApi } from '../../test/fake-api';
import { renderRoute } from '../../test/render-route';
import { OFFLINE_TEXT, UPDATE_TEXT } from './status-banners';

const fakeApi = setupFakeApi();

afterEach(() => reportReachable(true));

describe('offline banner', () => {
  it('shows when a request cannot reach the server, and goes when one does', async () => {
    renderRoute(paths.home);
    await screen.findByRole('heading', { name: 'Welcome to DealerLeads' });
    expect(screen.queryByText(OFFLINE_TEXT)).not.toBeInTheDocument();
    fakeApi.use(http.get('/api/packages', () => HttpResponse.error()));
    await act(() => api.get('/packages', { handleErrors: true }).catch(() => undefined));
    expect(await screen.findByText(OFFLINE_TEXT)).toBeInTheDocument();
    fakeApi.use(http.get('/api/packages', () => HttpResponse.json([])));
    await act(() => api.get('/packages', { handleErrors: true }));
    expect(screen.queryByText(OFFLINE_TEXT)).not.toBeInTheDocument();
  });

  it("shows when an answer is the service worker's offline copy", async () => {
    renderRoute(paths.home);
    await screen.findByRole('heading', { name: 'Welcome to DealerLeads' });
    fakeApi.use(
      http.get('/api/packages', () =>
        HttpResponse.json([], { headers: { [OFFLINE_COPY_HEADER]: '1' } }),
      ),
    );
    await act(() => api.get('/packages', { handleErrors: true }));
    expect(await screen.findByText(OFFLINE_TEXT)).toBeInTheDocument();
  });

  it('follows the browser going offline', async () => {
    renderRoute(paths.home);
    await screen.findByRole('heading', { name: 'Welcome to DealerLeads' });
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(await screen.findByText(OFFLINE_TEXT)).toBeInTheDocument();
    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.queryByText(OFFLINE_TEXT)).not.toBeInTheDocument();
  });

  it('the service worker marks its offline copies with the header the app reads', () => {
    const config = readFileSync(
      path.resolve(import.meta.dirname, '../../../vite.config.ts'),
      'utf8',
    );
    expect(config).toContain(`headers.set('${OFFLINE_COPY_HEADER}', '1')`);
  });
});

describe('update prompt', () => {
  it('offers the waiting version and applies it on Reload', async () => {
    renderRoute(paths.home);
    await screen.findByRole('heading', { name: 'Welcome to DealerLeads' });
    const apply = vi.fn();
    act(() => offerUpdate(apply));
    expect(await screen.findByText(UPDATE_TEXT)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reload' }));
    expect(apply).toHaveBeenCalledTimes(1);
  });
});
