import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileUrl, uploadPath } from '../../core/schema/file.ts';
import { apiClient } from '../support/api.ts';
import { putFile, sha256 } from '../support/files.ts';
import { startTestServer } from '../support/server.ts';
import { orgWithAdmin } from '../support/session.ts';
import { bigFile, streamedRequest } from '../support/streamed-request.ts';

const MiB = 1024 * 1024;
const root = path.resolve(import.meta.dirname, '../..');

/** The real server as its own process (server/main.ts) on the test's data, so that it can be killed. */
async function serverProcess(dataDir: string, port: number, databaseUrl: string | undefined) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      SEED_ON_EMPTY: 'false',
      LOG_LEVEL: 'silent',
      WEB_DIR: path.join(dataDir, 'no-web'),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '' }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr.on('data', (d: Buffer) => output.push(d.toString()));
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited: ${output.join('')}`);
    const up = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not start: ${output.join('')}`);
}

describe('a crash during an upload (issue 51)', () => {
  it('leaves no partial file served after kill -9, and the same upload lands after the restart', async () => {
    let server = await startTestServer();
    const { dataDir, port, databaseUrl } = server;
    const org = await orgWithAdmin(server);
    await server.stop();

    const child = await serverProcess(dataDir, port, databaseUrl);
    const file = bigFile(20 * MiB, 9);
    const tmpDir = path.join(dataDir, 'file-store', 'tmp');
    let killed = false;
    const upload = streamedRequest(`http://127.0.0.1:${port}${uploadPath.build({ sha256: file.sha256 })}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${org.admin.tokens.accessToken}`, 'content-type': 'application/octet-stream', 'content-length': String(20 * MiB) },
      body: file.chunks(),
      pause: async (sent) => {
        if (killed || sent < 8 * MiB) return;
        // Killed once the server holds part of the file in its temporary folder.
        while (fs.readdirSync(tmpDir).length === 0) await new Promise((r) => setTimeout(r, 10));
        killed = true;
        child.kill('SIGKILL');
        await new Promise((r) => child.once('exit', r));
      },
    });
    await expect(upload.done).rejects.toThrow();
    expect(killed).toBe(true);

    server = await startTestServer({ dataDir, port, ...(databaseUrl ? { databaseUrl } : {}) });
    try {
      const api = apiClient(server.baseUrl, org.admin.tokens.accessToken);
      expect((await api.download(fileUrl(file.sha256))).status).toBe(404);
      expect(await server.ctx.files.blobs.has(file.sha256)).toBe(false);
      expect(fs.readdirSync(tmpDir)).toEqual([]);
      // Sent again, it lands whole.
      const again = streamedRequest(`${server.baseUrl}${uploadPath.build({ sha256: file.sha256 })}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${org.admin.tokens.accessToken}`, 'content-type': 'application/octet-stream' },
        body: file.chunks(),
      });
      expect((await again.done).status).toBe(200);
      const got = await api.download(fileUrl(file.sha256));
      expect(sha256(got.bytes)).toBe(file.sha256);
      expect((await putFile(api, got.bytes)).status).toBe(200);
    } finally {
      await server.stop({ drop: true });
    }
  }, 180_000);
});
