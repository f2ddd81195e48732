// Unsubscribe links on each engine: a GET (a click, or a mail scanner's prefetch) changes nothing and asks to confirm;
// the RFC 8058 one-click POST (form-encoded or multipart) turns the e-mails off; tampered links, and links whose saved
// search was deleted or made again, are refused.
import { describe, expect, it } from 'vitest';
import type { SavedSearch, UnsubscribeResult } from '@dealerleads/shared';
import {
  bearer,
  json,
  TEST_JWT_SECRET,
  testEngines,
  useMembers,
  useTestApp,
} from '../../test/test-app';
import { alertMessages } from './alerts.service';
import { issueUnsubscribeToken, unsubscribeTokenOf } from './unsubscribe-token';

const ONE_CLICK = 'List-Unsubscribe=One-Click';

describe.each(testEngines())('unsubscribe links on %s', (engine) => {
  const ctx = useTestApp(engine);
  const { reader } = useMembers(ctx, { reader: {} });
  let searchCount = 0;

  async function savedSearch(): Promise<{ search: SavedSearch; token: string }> {
    searchCount += 1;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/saved-searches',
      payload: { name: `Swifts ${searchCount}`, filters: { model: 'Swift', city: 'Rohtak' } },
      headers: bearer(reader),
    });
    expect(res.statusCode, res.body).toBe(201);
    const search = json<SavedSearch>(res);
    const token = await unsubscribeTokenOf(ctx.database.db, TEST_JWT_SECRET, {
      kind: 's',
      savedSearchId: search.id,
    });
    return { search, token: token! };
  }
  const modeOf = async (id: number) =>
    (
      await ctx.database.db
        .selectFrom('saved_searches')
        .select('email_mode')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).email_mode;
  const oneClick = (token: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/unsubscribe?token=${encodeURIComponent(token)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: ONE_CLICK,
    });

  it('changes nothing on a GET, and asks to confirm with a one-click form', async () => {
    const { search, token } = await savedSearch();
    const page = await ctx.app.inject({
      url: `/api/unsubscribe?token=${token}`,
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('Stop these e-mails?');
    expect(page.body).toContain(search.name);
    expect(page.body).toContain(
      `<form method="post" action="/api/unsubscribe?token=${encodeURIComponent(token)}">`,
    );
    expect(page.body).toContain('<input type="hidden" name="List-Unsubscribe" value="One-Click">');
    const preview = await ctx.app.inject({ url: `/api/unsubscribe?token=${token}` });
    expect(json<UnsubscribeResult>(preview)).toEqual({
      message: alertMessages.confirmUnsubscribe,
      savedSearches: [search.name],
    });
    expect(await modeOf(search.id)).toBe('instant');

    // The page's form (and a mail client's one-click POST) unsubscribes.
    const done = await oneClick(token, { accept: 'text/html' });
    expect(done.statusCode).toBe(200);
    expect(done.headers['content-type']).toMatch(/^text\/html/);
    expect(done.body).toContain(alertMessages.unsubscribed);
    expect(await modeOf(search.id)).toBe('off');
    // Again: harmless, and the page has nothing left to confirm.
    expect(json<UnsubscribeResult>(await oneClick(token))).toEqual({
      message: alertMessages.nothingToUnsubscribe,
      savedSearches: [],
    });
    const after = await ctx.app.inject({
      url: `/api/unsubscribe?token=${token}`,
      headers: { accept: 'text/html' },
    });
    expect(after.body).toContain(alertMessages.nothingToUnsubscribe);
    expect(after.body).not.toContain('<form');
  });

  it('takes the one-click POST as multipart too, and nothing without its body', async () => {
    const { search, token } = await savedSearch();
    const url = `/api/unsubscribe?token=${token}`;
    for (const [contentType, payload] of [
      ['application/x-www-form-urlencoded', ''],
      ['application/x-www-form-urlencoded', 'List-Unsubscribe=Yes'],
      ['application/json', '{}'],
    ] as const) {
      const res = await ctx.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': contentType },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json()).toMatchObject({ status: 400 });
    }
    expect(await modeOf(search.id)).toBe('instant');

    const boundary = '----dealerleads-test';
    const multipart = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="List-Unsubscribe"',
      '',
      'One-Click',
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const res = await ctx.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: multipart,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<UnsubscribeResult>(res)).toEqual({
      message: alertMessages.unsubscribed,
      savedSearches: [search.name],
    });
    expect(await modeOf(search.id)).toBe('off');
  });

  it('refuses tampered links, changing nothing', async () => {
    const { search, token } = await savedSearch();
    const [kindAndId, stamp, mac] = token.split('.') as [string, string, string];
    const createdOn = (
      await ctx.database.db
        .selectFrom('saved_searches')
        .select('created_on')
        .where('id', '=', search.id)
        .executeTakeFirstOrThrow()
    ).created_on;
    const tampered = [
      `${kindAndId}.${stamp}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`,
      `s${search.id + 1}.${stamp}.${mac}`,
      `d${reader.id}.${stamp}.${mac}`,
      `${kindAndId}.${(Number.parseInt(stamp, 36) + 1).toString(36)}.${mac}`,
      issueUnsubscribeToken(
        'another-secret-0123456789-abcdefghijklmnop',
        {
          kind: 's',
          savedSearchId: search.id,
        },
        createdOn,
      ),
      // The format of links without the creation time.
      `${kindAndId}.${mac}`,
      'garbage',
    ];
    for (const bad of tampered) {
      for (const res of [
        await ctx.app.inject({ url: `/api/unsubscribe?token=${encodeURIComponent(bad)}` }),
        await oneClick(bad),
      ]) {
        expect(res.statusCode, bad).toBe(400);
        expect(res.json()).toMatchObject({ status: 400, message: alertMessages.badUnsubscribe });
      }
    }
    const page = await oneClick(tampered[0]!, { accept: 'text/html' });
    expect(page.statusCode).toBe(400);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(await modeOf(search.id)).toBe('instant');
  });

  it('stops a link working once its saved search is deleted, or deleted and made again', async () => {
    const { search, token } = await savedSearch();
    const row = await ctx.database.db
      .selectFrom('saved_searches')
      .selectAll()
      .where('id', '=', search.id)
      .executeTakeFirstOrThrow();
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/saved-searches/${search.id}`,
      headers: bearer(reader),
    });
    expect(deleted.statusCode).toBe(204);
    expect((await oneClick(token)).statusCode).toBe(400);

    // Made again under the same id (a restore, a hand-made row): a new search, whose old links stay dead.
    const again = new Date(Date.parse(row.created_on) + 60_000).toISOString();
    await ctx.database.db
      .insertInto('saved_searches')
      .values({ ...row, created_on: again })
      .execute();
    expect((await oneClick(token)).statusCode).toBe(400);
    expect(await modeOf(search.id)).toBe('instant');
    const fresh = await unsubscribeTokenOf(ctx.database.db, TEST_JWT_SECRET, {
      kind: 's',
      savedSearchId: search.id,
    });
    expect(fresh).not.toBe(token);
    expect((await oneClick(fresh!)).statusCode).toBe(200);
    expect(await modeOf(search.id)).toBe('off');
  });
});
