// The ceiling: a Fastify hello-world whose JSON body is exactly CEILING_BYTES long (the size of a lead page), served by
// CEILING_PROCESSES processes on one port (node:cluster), as many as the API runs (`--processes`).
import cluster from 'node:cluster';
import Fastify from 'fastify';

const bytes = Number(process.env.CEILING_BYTES ?? '2');
const port = Number(process.env.PORT ?? '0');
const processes = Number(process.env.CEILING_PROCESSES ?? '1');
const shell = '{"hello":"world","pad":""}';
const pad = 'x'.repeat(Math.max(0, bytes - shell.length));

if (processes > 1 && cluster.isPrimary) {
  for (let i = 0; i < processes; i++) cluster.fork();
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
      cluster.on('exit', () => {
        if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      });
    });
  }
} else {
  const app = Fastify({ logger: process.env.LOG_LEVEL === 'warn' ? { level: 'warn' } : false });
  app.get('/', async () => ({ hello: 'world', pad }));

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      void app.close().then(() => process.exit(0));
    });
  }

  await app.listen({ host: '127.0.0.1', port });
}
