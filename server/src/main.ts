import v8 from 'node:v8';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { DataDirDamagedError } from './db/data-dir.js';
import { openDatabase } from './db/index.js';
import { DataDirLockedError } from './db/lock.js';
import { migrate } from './db/migrate.js';
import { jwtSecret } from './platform/auth/secret.js';
import { assertRequestRoleIsSafe } from './platform/tenancy/tenant-tx.js';
import { seed } from './seed/index.js';

// A full collection once the old generation has grown 20% past what survived the last one. An export or
// import is mostly short-lived garbage that V8's default lets pile up to about three times the live heap
// (100,000-row export on PostgreSQL: peak 264 -> 171 MB, same speed; list throughput unchanged).
v8.setFlagsFromString('--heap-growing-percent=20');
// The embedded database is WebAssembly: its hot functions are recompiled optimised in the background, and each
// compiling thread keeps its own malloc arena, which stays large after the compile. One compiling thread
// keeps the server about 40 MB smaller at the same speed (generated tiny data: start 290 -> 247 MB, export
// peak 341 -> 300 MB, server CPU per list request unchanged).
v8.setFlagsFromString('--wasm-num-compilation-tasks=1');

async function main(): Promise<void> {
  const config = loadConfig();
  const started = Date.now();
  let db: Awaited<ReturnType<typeof openDatabase>>;
  try {
    db = await openDatabase(
      config,
      (err) => console.error(`database connection error: ${err.message}`),
      (err) => {
        // Nothing more is written, not even the shutdown's checkpoint (data-dir.ts).
        console.error(err.message);
        process.exit(3);
      },
    );
  } catch (err) {
    if (err instanceof DataDirLockedError || err instanceof DataDirDamagedError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  const applied = await migrate(db);
  await assertRequestRoleIsSafe(db);
  const seeded = await seed(db, config);
  const app = await buildApp({ config, db, jwtSecret: await jwtSecret(db, config) });
  if (applied.length) app.log.info({ applied }, 'migrations applied');
  for (const line of seeded.announcements) console.log(line);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'stopping: finishing requests in flight');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    // Keep-alive connections that finish their request after the close began are closed as they go idle.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
    let code = 0;
    try {
      await app.close();
    } catch (err) {
      app.log.error({ err }, 'error while stopping');
      code = 1;
    } finally {
      clearInterval(sweep);
      await db.close().catch(() => {
        code = 1;
      });
    }
    process.exit(code);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    // The database is closed as on a stop: the next start then finds it checkpointed and its folder unlocked.
    const busy = (err as NodeJS.ErrnoException).code === 'EADDRINUSE';
    console.error(
      busy
        ? `Port ${config.port} is in use by another program (perhaps a server started earlier). Stop it or set PORT to another port.`
        : `The server could not listen on ${config.host}:${config.port}: ${(err as Error).message}`,
    );
    await app.close().catch(() => undefined);
    await db.close().catch(() => undefined);
    process.exit(1);
  }
  app.log.info({ ms: Date.now() - started, database: db.kind }, `serving on http://localhost:${config.port}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
