import { buildApp } from './app';
import { testConfig } from './test/test-app';
const { app } = await buildApp(testConfig({ engine: 'sqlite', file: process.argv[2]! }), { logger: false });
await app.ready();
for (;;) { const r = await app.inject({ url: '/api/health/ready' }); if (r.statusCode === 200) break; await new Promise((r) => setTimeout(r, 50)); }
for (const url of ['/api/leads']) {
  for (let i = 0; i < 50; i++) await app.inject({ url });
  const t = performance.now();
  for (let i = 0; i < 1000; i++) await app.inject({ url });
  console.log(url.padEnd(60), ((performance.now() - t) / 1000).toFixed(2), 'ms/request');
}
await app.close();
