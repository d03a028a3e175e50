import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CSP_VIOLATION_LOG } from '../../server/http/csp-report.ts';
import { CSP_PROBE_HOST } from './support/csp.ts';
import { freePort } from '../support/server.ts';

/**
 * Starts the real server (npm start's entry point, without the build) on a free port with a fresh
 * data dir, the demo data and the organization factory each spec makes its own organization with
 * (support/accounts.ts useOwnOrganization), and hands its address to the tests through E2E_BASE_URL.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      E2E_ORG_FACTORY: '1',
      // A small upload limit, so a spec can send a file over it without moving megabytes (files.spec.ts).
      UPLOAD_LIMIT_BYTES: String(1024 * 1024),
      // Two workers' browsers share one server: load shedding, the load bench's subject (and
      // tests/api/load-shed.test.ts's), would turn a spec's screen reads away at random.
      MAX_CONCURRENT_REQUESTS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  // The server's log, for specs to read (the CSP violations browsers report, server/http/csp-report.ts).
  const logFile = path.join(dataDir, 'server.log');
  const log = fs.createWriteStream(logFile);
  const collect = (d: Buffer) => {
    output += d;
    log.write(d);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited while starting:\n${output}`);
    try {
      const res = await fetch(`${baseUrl}/healthz`);
      if (res.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`The server did not start within 120 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_SERVER_LOG = logFile;
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await new Promise((r) => log.end(r));
    fs.rmSync(dataDir, { recursive: true, force: true });
    // Every spec ran under the Content-Security-Policy: a violation anywhere fails the run.
    const violations = output.split('\n').filter((line) => line.includes(CSP_VIOLATION_LOG) && !line.includes(CSP_PROBE_HOST));
    if (violations.length > 0) throw new Error(`Browsers reported ${violations.length} Content-Security-Policy violation(s):\n${violations.join('\n')}`);
  };
}
