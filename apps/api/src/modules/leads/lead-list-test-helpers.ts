// For tests of the lead list: wait until the app's lead list engine answers (it loads in the background after a start).
import { expect } from 'vitest';
import type { TestAppFixture } from '../../test/test-app';

export async function waitForLeadList(ctx: TestAppFixture): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const res = await ctx.app.inject({ url: '/api/health/ready' });
    if (res.statusCode === 200) return;
    expect(Date.now(), res.body).toBeLessThan(deadline);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
