// The ceiling: a Fastify hello-world whose JSON body is exactly CEILING_BYTES long (the size of a lead page).
import Fastify from 'fastify';

const bytes = Number(process.env.CEILING_BYTES ?? '2');
const port = Number(process.env.PORT ?? '0');
const shell = '{"hello":"world","pad":""}';
const pad = 'x'.repeat(Math.max(0, bytes - shell.length));

const app = Fastify({ logger: process.env.LOG_LEVEL === 'warn' ? { level: 'warn' } : false });
app.get('/', async () => ({ hello: 'world', pad }));

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}

await app.listen({ host: '127.0.0.1', port });
