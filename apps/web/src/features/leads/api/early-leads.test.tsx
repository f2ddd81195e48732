// The first script's request for the lead list: taken over once by the list's query (no second request),
// shown in the list's first render once it has arrived, and left alone on other pages and queries.
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths';
import { http, setupFakeApi } from '../../../test/fake-api';
import { renderRoute } from '../../../test/render-route';
import { leadsJson, makeLead } from '../testing';
import {
  resetEarlyLeads,
  startEarlyLeads,
  takeEarlyLeadPage,
  takeEarlyLeadRequest,
} from './early-leads';
import { parseLeadListQuery } from '../lead-filters';

afterEach(() => resetEarlyLeads());

const leads = Array.from({ length: 14 }, (_, i) => makeLead({ id: 200 + i, model: `Model ${i}` }));

const api = setupFakeApi(http.get('/api/leads', () => leadsJson(leads)));

const queryOf = (search: string) => parseLeadListQuery(new URLSearchParams(search));

describe('the early lead list request', () => {
  it('is made only on the lead list, with the query of its URL', async () => {
    startEarlyLeads({ pathname: paths.home, search: '' });
    startEarlyLeads({ pathname: '/leads/12', search: '' });
    startEarlyLeads({ pathname: `${paths.leads}/`, search: '?page=3&city=Noida' });
    // Only the third start asked: the fake API sees requests in the order they were made.
    await waitFor(() =>
      expect(api.calls().map((call) => [call.pathname, call.query])).toEqual([
        ['/api/leads', { pageNumber: '3', pageSize: '60', city: 'Noida' }],
      ]),
    );
  });

  it('is taken once, and only by the same query', async () => {
    startEarlyLeads({ pathname: paths.leads, search: '?page=2' });
    expect(takeEarlyLeadRequest(queryOf('?page=3'))).toBeUndefined();
    expect(takeEarlyLeadPage(queryOf('?page=2'))).toBeUndefined(); // not arrived yet
    const request = takeEarlyLeadRequest(queryOf('?page=2'));
    expect(request).toBeDefined();
    expect((await request)?.items).toHaveLength(leads.length);
    expect(takeEarlyLeadRequest(queryOf('?page=2'))).toBeUndefined();
  });

  it('gives the list its cards without asking again, all of them in the end', async () => {
    startEarlyLeads({ pathname: paths.leads, search: '' });
    // Arrived before the app renders: the first render shows the first cards.
    await new Promise((resolve) => setTimeout(resolve, 20));
    renderRoute(paths.leads);
    expect(screen.getAllByRole('article').length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(leads.length));
    expect(screen.getByTestId('lead-count')).toHaveTextContent('Showing 1–14 of 14 leads');
    expect(api.queriesOf('GET', '/api/leads')).toHaveLength(1);
  });

  it('is waited for when the list renders before it has arrived', async () => {
    startEarlyLeads({ pathname: paths.leads, search: '' });
    renderRoute(paths.leads);
    expect(await screen.findByRole('article', { name: 'Maruti Suzuki Model 13' })).toBeVisible();
    expect(api.queriesOf('GET', '/api/leads')).toHaveLength(1);
  });
});
