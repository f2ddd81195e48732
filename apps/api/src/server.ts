// Entry point: loads the config, seeds demo data on an empty database, listens, and shuts down gracefully. With
// API_PROCESSES > 1 this process supervises that many workers, each of which runs the rest of this file.
import cluster from 'node:cluster';
import { superviseApiProcesses } from './api-processes';
import { buildApp } from './app';
import { loadConfig, loadDatabaseSettings } from './config';
import { seedDemoIfEmpty } from './db/seed/demo';
import { restrictFolders, usePrivateUmask } from './lib/private-files';
import { seedDemoPhotos } from './modules/photos/demo-photos';
import { openMediaStore } from './modules/photos/media-store';

// Everything the product writes is owner-only (docs/operations.md, "File modes"); workers inherit the umask.
usePrivateUmask();
const config = loadConfig();
restrictFolders([loadDatabaseSettings().dataDir]);
if (config.apiProcesses > 1 && cluster.isPrimary) {
  await superviseApiProcesses(config);
} else {
  await serve();
}

async function serve(): Promise<void> {
  const { app, database } = await buildApp(config);

  // A supervisor's workers find the demo data seeded already.
  if (config.seedDemo && cluster.isPrimary) {
    const seeded = await seedDemoIfEmpty(database.db);
    if (seeded) {
      app.log.info(seeded.summary);
      const withPhotos = await seedDemoPhotos(database.db, openMediaStore(config.media));
      app.log.info(`Demo photos drawn for ${withPhotos} leads`);
    }
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
}
