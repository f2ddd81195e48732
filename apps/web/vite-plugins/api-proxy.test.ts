// The dev proxy follows the API's PORT, so `PORT=4000 npm run dev` serves the app against the API it started.
import { describe, expect, it } from 'vitest';
import { apiProxyTarget } from './api-proxy';

describe('the dev proxy', () => {
  it('sends /api to the PORT the API listens on, 3000 by default', () => {
    expect(apiProxyTarget({ PORT: '4000' })).toBe('http://localhost:4000');
    expect(apiProxyTarget({})).toBe('http://localhost:3000');
  });
});
