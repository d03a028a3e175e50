import { loadConfig } from './config.ts';
import { analyze } from './db/analyze.ts';
import { openDatabase } from './db/client.ts';
import { buildApp } from './app.ts';
import { startTombstonePurge } from './sync/tombstones.ts';
import { seedIfEmpty } from './seed/seed-if-empty.ts';
import { serveBrowserApp } from './static.ts';

const config = loadConfig();
const database = await openDatabase(config);
const { app, ctx, detach } = await buildApp(config, database);
await serveBrowserApp(app, config);
const seeded = config.seedOnEmpty ? await seedIfEmpty(ctx) : undefined;
const stopPurge = startTombstonePurge(ctx);

await app.listen({ port: config.port, host: config.host });
// PGlite has no autovacuum: the planner's statistics are refreshed at each start, behind the first requests.
if (database.kind === 'pglite') void analyze(ctx.db).catch((error: unknown) => console.warn('ANALYZE failed', error));

const where = database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
const lines = [
  `${config.productName} is running on ${config.publicUrl} with ${where}.`,
  `Inspections on a tablet: ${config.publicUrl}/inspect (every role; the inspector's only screen).`,
];
if (seeded) {
  lines.push('', 'Demo sign-ins (every password below is the same):', `  password: ${seeded.password}`);
  for (const u of seeded.users) lines.push(`  ${u.email.padEnd(34)} ${u.description}`);
}
console.log(lines.join('\n'));

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: stopping`);
  stopPurge();
  await app.close().catch(() => undefined);
  await detach();
  // PGlite writes its files on close; closing cleanly keeps DATA_DIR intact for the next start.
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
