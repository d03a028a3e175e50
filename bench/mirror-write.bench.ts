// What a device's mirror pays to store history in IndexedDB (Chromium), the bound of a first sync and of
// filling the fleet-grid bench's mirror: a year of inspections of one generated organization of 250
// vehicles (bench/fleet-data.ts; about 63,000 rows, 34 MiB of JSON without answers) written in one
// transaction per organization, four ways, each into a fresh database:
// - baseline: one record per row with the mirror's inspection indexes (vehicleId, [vehicleId+inspectionDate]),
//   as the mirror stored them before version 12;
// - one record per row without indexes;
// - one record per vehicle and month holding that month's rows (what "store together what is read
//   together" would make of the history), the mirror's inspections since version 13 (a row found by id
//   where it is located: src/db/row-locations.ts);
// - the same with an index on the ids of each record's rows, the mirror's inspections in version 12
//   (src/db/month-buckets.ts: a row is found by its id through it).
// Then a read of one vehicle's year each way. Only the writes and reads are timed (not the fetch or the
// JSON parse). BENCH_MIRROR_ORGS sets how many organizations (default 2), each measured on its own.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { feedFile, feedsCached, fleetCacheDir, fleetDataOptions, generateFleet, orgCount } from './fleet-data.ts';
import { loadAverage, table } from './measure.ts';

const ORGS = Number(process.env.BENCH_MIRROR_ORGS ?? 2);

type Way = 'rows, indexed' | 'rows, no index' | 'vehicle-months' | 'vehicle-months, ids indexed';
interface Measured {
  rows: number;
  records: number;
  jsonMiB: number;
  writeMs: number;
  readOneVehicleMs: number;
}

/** Serves an empty page and the cached feed files on one origin. */
function feedServer(cacheDir: string): Promise<{ url: string; close(): void }> {
  const server = http.createServer((req, res) => {
    const match = /^\/feeds\/(\d+)\/inspections\.json$/.exec(req.url ?? '');
    if (req.url === '/') return res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>mirror-write bench</title>');
    const file = match ? feedFile(cacheDir, Number(match[1]), 'inspections') : '';
    if (!file || !fs.existsSync(file)) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/json' });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as { port: number }).port}/`, close: () => server.close() })),
  );
}

/**
 * Runs in the page (so it declares no named function inside: the bundler's name helper does not exist
 * there): writes one organization's inspections one way into a new database, then reads one vehicle's year.
 */
async function writeOneWay([org, way]: [number, Way]): Promise<Measured> {
  type Row = { inspectionId: string; vehicleId: string; inspectionDate: string };
  const rows = (await (await fetch(`/feeds/${org}/inspections.json`)).json()) as Row[];
  const jsonMiB = JSON.stringify(rows).length / 1048576;
  const name = `${way}-${org}`;
  const packed = way === 'vehicle-months' || way === 'vehicle-months, ids indexed';
  const idsIndexed = way === 'vehicle-months, ids indexed';
  const db: IDBDatabase = await new Promise((resolve, reject) => {
    const open = indexedDB.open(name, 1);
    open.onupgradeneeded = () => {
      const store = open.result.createObjectStore('inspections', packed ? undefined : { keyPath: 'inspectionId' });
      if (idsIndexed) store.createIndex('ids', 'ids', { multiEntry: true });
      if (way === 'rows, indexed') {
        store.createIndex('vehicleId', 'vehicleId');
        store.createIndex('vehicleDate', ['vehicleId', 'inspectionDate']);
      }
    };
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  const months = new Map<string, Row[]>();
  if (packed) {
    for (const row of rows) {
      const key = `${row.vehicleId}|${row.inspectionDate.slice(0, 7)}`;
      const list = months.get(key);
      if (list) list.push(row);
      else months.set(key, [row]);
    }
  }
  const started = performance.now();
  const tx = db.transaction('inspections', 'readwrite');
  const store = tx.objectStore('inspections');
  if (packed) for (const [key, list] of months) store.put(idsIndexed ? { ids: list.map((r) => r.inspectionId), rows: list } : list, key);
  else for (const row of rows) store.put(row);
  await new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
  });
  const writeMs = performance.now() - started;
  const vehicle = rows[0]!.vehicleId;
  const readStarted = performance.now();
  const read = db.transaction('inspections', 'readonly').objectStore('inspections');
  const request = packed
    ? read.getAll(IDBKeyRange.bound(`${vehicle}|`, `${vehicle}|\uffff`))
    : way === 'rows, indexed'
      ? read.index('vehicleId').getAll(vehicle)
      : read.getAll();
  const found = await new Promise<unknown[]>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result as unknown[]);
    request.onerror = () => reject(request.error);
  });
  const readOneVehicleMs = way === 'rows, no index' ? Number.NaN : performance.now() - readStarted;
  if (found.length === 0) throw new Error(`${way}: nothing read back`);
  db.close();
  return {
    rows: rows.length,
    records: packed ? months.size : rows.length,
    jsonMiB,
    writeMs,
    readOneVehicleMs,
  };
}

async function measureIn(page: Page, org: number, way: Way): Promise<Measured> {
  return page.evaluate(writeOneWay, [org, way] as [number, Way]);
}

export async function run(): Promise<void> {
  const o = fleetDataOptions();
  const cacheDir = fleetCacheDir(o);
  if (!feedsCached(cacheDir)) await generateFleet(o, cacheDir);
  const server = await feedServer(cacheDir);
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'mirror-write-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  const figures: Record<string, string | number>[] = [];
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(server.url);
    for (let org = 1; org <= Math.min(ORGS, orgCount(o)); org++) {
      for (const way of ['rows, indexed', 'rows, no index', 'vehicle-months', 'vehicle-months, ids indexed'] as const) {
        const m = await measureIn(page, org, way);
        figures.push({
          organization: org,
          way:
            way === 'rows, indexed'
              ? 'baseline: a record per row, indexed (the mirror before version 12)'
              : way === 'rows, no index'
                ? 'a record per row, no index'
                : way === 'vehicle-months'
                  ? 'a record per vehicle and month (the mirror now)'
                  : "a record per vehicle and month, its rows' ids indexed (version 12)",
          rows: m.rows,
          records: m.records,
          'JSON MiB': +m.jsonMiB.toFixed(1),
          'write ms': Math.round(m.writeMs),
          'rows/s': Math.round(m.rows / (m.writeMs / 1000)),
          'read one vehicle ms': Number.isNaN(m.readOneVehicleMs) ? '' : +m.readOneVehicleMs.toFixed(1),
        });
      }
    }
  } finally {
    await context.close();
    server.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
  console.log(loadAverage());
  table(figures);
}
