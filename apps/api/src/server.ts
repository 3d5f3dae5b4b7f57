// Process entry: config → database → migrations → app → listen; graceful shutdown on SIGTERM/SIGINT.
import { buildApp } from './app';
import { ConfigError, loadConfig, publicAddress, type Config } from './config';
import { openDatabase } from './db/client';
import { replicaOptions } from './db/replica';
import { migrate } from './db/migrate';
import { demoLogins, runStartupTasks, startBanner } from './seed/run';

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
    readReplica: replicaOptions(config),
    directUrl: config.DATABASE_DIRECT_URL,
  });
  await migrate(database);

  const app = await buildApp({ config, database });
  await runStartupTasks(database, config, app.log);
  app.log.info(
    {
      database: database.kind === 'postgres' ? 'postgresql' : `pglite (${config.dataDir})`,
      ...(database.replica ? { readReplica: 'DATABASE_READ_URL' } : {}),
    },
    'database ready',
  );

  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('graceful shutdown timed out; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    try {
      await app.close(); // stops accepting, lets in-flight requests finish
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  // In the background: the instance answers from now on (docs/decisions/056-warm-start.md).
  void app.warmReadCache();
  // PORT=0 picks a free port: say the one really taken.
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  // One plain line to open, last, with the demo logins when there is demo data.
  const logins = config.SEED_DEMO ? await demoLogins(database.db) : [];
  process.stdout.write(startBanner(publicAddress(config.HOST, port), logins));
}

main().catch((err: unknown) => {
  console.error('TrustLinks failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
