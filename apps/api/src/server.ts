// Entry point: loads the config, seeds demo data on an empty database, listens, and shuts down gracefully.
import { buildApp } from './app';
import { loadConfig } from './config';
import { seedDemoIfEmpty } from './db/seed/demo';

const config = loadConfig();
const { app, database } = await buildApp(config);

if (config.seedDemo) {
  const seeded = await seedDemoIfEmpty(database.db);
  if (seeded) app.log.info(seeded.summary);
}

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, closing`);
    app
      .close()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        app.log.error(error);
        process.exit(1);
      });
  });
}

await app.listen({ host: config.host, port: config.port });
app.log.info(`DealerLeads is serving on http://localhost:${config.port} (${database.engine})`);
