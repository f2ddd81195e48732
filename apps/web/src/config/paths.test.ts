// The API knows the same screens as the router (it answers other page paths with 404): one list, checked both ways.
import { describe, expect, it } from 'vitest';
import { isWebRoute, WEB_ROUTE_PATTERNS } from '@dealerleads/shared';
import { paths } from './paths';

const patterns = Object.values(paths)
  .map((value) => (typeof value === 'string' ? value : value.path))
  .filter((pattern) => pattern !== paths.unknown);

describe('web route patterns', () => {
  it('lists every screen of paths.ts, and nothing else', () => {
    expect([...WEB_ROUTE_PATTERNS].sort()).toEqual([...patterns].sort());
  });

  it.each([
    ['/dealers/leads', true],
    ['/Dealers/Leads/', true],
    ['/leads/42', true],
    ['/dealers/orders/7/receipt', true],
    ['/no/such/page', false],
    ['/leads', false],
    ['/leads/42/extra', false],
  ])('%s is a screen: %s', (path, expected) => {
    expect(isWebRoute(path)).toBe(expected);
  });
});
