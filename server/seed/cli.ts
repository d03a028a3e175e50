// npm run seed -- --vehicles N --days D --orgs K [--seed S] [--today yyyy-mm-dd] [--force]
// Generates demo or benchmark data and writes it to the database the environment names (DATA_DIR or
// DATABASE_URL, as the server reads them). Exit codes: 0 done, 1 refused or failed, 2 bad arguments.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { like } from 'drizzle-orm';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { organizations, users } from '../db/schema/index.ts';
import { blobStoreFor, createFileStore } from '../files/store.ts';
import { createWriter } from '../db/write.ts';
import { storeLiveEvents, type LiveEventInput } from '../stream/live-events.ts';
import { checkSeedOptions, generateSeed } from './generate.ts';
import { DEFAULT_SEED, demoSignIns, startOfUtcDay } from './seed-if-empty.ts';
import type { SeedOptions } from './types.ts';
import { writeSeed } from './write-seed.ts';

const USAGE = `Usage: npm run seed -- [--vehicles N] [--days D] [--orgs K] [--seed S] [--today yyyy-mm-dd] [--force]

  --vehicles N   vehicles per organization (default ${DEFAULT_SEED.vehicles})
  --days D       days of history before today (default ${DEFAULT_SEED.days})
  --orgs K       organizations (default ${DEFAULT_SEED.orgs})
  --seed S       random seed; the same options give the same data (default 1)
  --today DATE   the day the history leads up to, yyyy-mm-dd (default: today, UTC)
  --force        add the organizations to a database that has data already (numbered after the
                 existing demo organizations, with their own ids and emails)

The database is the one the server would use: DATABASE_URL, or PGlite under DATA_DIR (./data).`;

class UsageError extends Error {}

function wholeNumber(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value)) throw new UsageError(`--${name} must be a whole number, got "${value}"`);
  return Number(value);
}

function day(value: string | undefined): Date {
  if (value === undefined) return startOfUtcDay(new Date());
  const date = new Date(`${value}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) {
    throw new UsageError(`--today must be a date as yyyy-mm-dd, got "${value}"`);
  }
  return date;
}

function parse(argv: string[]): { options: SeedOptions; force: boolean } {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        vehicles: { type: 'string' },
        days: { type: 'string' },
        orgs: { type: 'string' },
        seed: { type: 'string' },
        today: { type: 'string' },
        force: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values } = parsed;
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const options: SeedOptions = {
    vehicles: wholeNumber('vehicles', values.vehicles, DEFAULT_SEED.vehicles),
    days: wholeNumber('days', values.days, DEFAULT_SEED.days),
    orgs: wholeNumber('orgs', values.orgs, DEFAULT_SEED.orgs),
    seed: wholeNumber('seed', values.seed, 1),
    today: day(values.today),
  };
  try {
    checkSeedOptions(options);
  } catch (error) {
    throw new UsageError(`--${(error as Error).message}`);
  }
  return { options, force: values.force ?? false };
}

/** The number after the highest demo organization already there (emails @wing-{n}.example.com). */
async function nextOrgNumber(database: Database): Promise<number> {
  const rows = await database.db.select({ email: users.email }).from(users).where(like(users.email, '%@wing-%.example.com'));
  const numbers = rows.map((r) => Number(/@wing-(\d+)\.example\.com$/i.exec(r.email)?.[1] ?? 0));
  return Math.max(0, ...numbers) + 1;
}

async function main(argv: string[]): Promise<number> {
  let args;
  try {
    args = parse(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n\n${USAGE}`);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    const where = database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
    const [existing] = await database.db.select({ id: organizations.id }).from(organizations).limit(1);
    if (existing && !args.force) {
      console.error(
        `The database (${where}) already has data: nothing was written.\nUse --force to add the organizations beside it, or point DATA_DIR or DATABASE_URL at an empty database.`,
      );
      return 1;
    }
    const options: SeedOptions = existing ? { ...args.options, firstOrg: await nextOrgNumber(database) } : args.options;
    const write = createWriter<LiveEventInput>(database.db, { beforeCommit: storeLiveEvents, afterCommit: () => undefined });
    const started = performance.now();
    const data = generateSeed(options);
    const generated = (performance.now() - started) / 1000;
    const files = createFileStore(blobStoreFor(database, config.dataDir), config.uploadLimitBytes);
    // Not `open()`: a server may be receiving into the same folder (PostgreSQL lets both run).
    await fs.promises.mkdir(files.blobs.tmpDir, { recursive: true });
    const summary = await writeSeed({ db: database.db, write, files }, data);
    const width = Math.max(...Object.keys(summary.rows).map((k) => k.length));
    const lines = [
      `Seeded ${where}: ${options.orgs} organization(s) × ${options.vehicles} vehicles, ${options.days} days up to ${options.today.toISOString().slice(0, 10)}, seed ${options.seed}.`,
      '',
      ...Object.entries(summary.rows).map(([table, count]) => `  ${table.padEnd(width)} ${String(count).padStart(9)}`),
      `  ${'total'.padEnd(width)} ${String(summary.totalRows).padStart(9)} rows in ${summary.transactions} transactions, ${summary.files} files`,
      '',
      `Generated in ${generated.toFixed(1)} s, written in ${summary.seconds.toFixed(1)} s (${Math.round(summary.totalRows / summary.seconds)} rows/s).`,
      '',
      'Sign-ins (every password is the same):',
      `  password: ${data.password}`,
      ...demoSignIns(data).users.map((u) => `  ${u.email.padEnd(34)} ${u.description}`),
    ];
    console.log(lines.join('\n'));
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
