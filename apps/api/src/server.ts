// Entry point: loads the config, seeds demo data on an empty database, listens, and shuts down gracefully. With
// API_PROCESSES > 1 this process supervises that many workers, each of which runs the rest of this file.
import cluster from 'node:cluster';
import { superviseApiProcesses } from './api-processes';
import { buildApp } from './app';
import { loadConfig, loadDatabaseSettings, type AppConfig } from './config';
import { exitWithError } from './db/command-line';
import { seedDemoIfEmpty } from './db/seed/demo';
import { restrictFolders, usePrivateUmask } from './lib/private-files';
import { seedDemoPhotos } from './modules/photos/demo-photos';
import { openMediaStore } from './modules/photos/media-store';
import { assertPortFree, hasAccount, NO_ACCOUNT_WARNING } from './start-up-checks';

// Everything the product writes is owner-only (docs/operations.md, "File modes"); workers inherit the umask.
usePrivateUmask();
let config: AppConfig;
try {
  config = loadConfig();
  restrictFolders([loadDatabaseSettings().dataDir]);
} catch (error) {
  exitWithError(error);
}
try {
  if (cluster.isPrimary) await assertPortFree(config.host, config.port);
  if (config.apiProcesses > 1 && cluster.isPrimary) {
    await superviseApiProcesses(config);
  } else {
    await serve();
  }
} catch (error) {
  exitWithError(error, config.database);
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
  if (cluster.isPrimary && !(await hasAccount(database.db))) app.log.warn(NO_ACCOUNT_WARNING);

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
