import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FILE_TYPE_MESSAGE } from '../../core/rules/file-type.ts';
import { documentResource } from '../../core/schema/document.ts';
import { FILE_TOO_LARGE_MESSAGE, fileUrl, uploadedFileSchema, uploadPath } from '../../core/schema/file.ts';
import { fileContents, storedFiles } from '../../server/db/schema/index.ts';
import { DAMAGED_MESSAGE } from '../../server/files/store.ts';
import { apiClient } from '../support/api.ts';
import { createVehicle } from '../support/factories.ts';
import { formOf, jpeg, pdf, png, putFile, script, sha256, storedBytes } from '../support/files.ts';
import { startTestServer } from '../support/server.ts';
import { orgWithAdmin, signedInUser, useServerWithOrg } from '../support/session.ts';
import { addDiscrepancy } from '../support/table-rows.ts';

const env = useServerWithOrg();

/** Whether the store keeps the content (once: it is named by its sha256), and which organizations hold it. */
async function contentRows(sha: string) {
  const { db, files } = env.server.ctx;
  return {
    contents: (await files.blobs.has(sha)) ? [{ sha256: sha }] : [],
    held: await db.select().from(storedFiles).where(eq(storedFiles.sha256, sha)),
  };
}

describe('the file store (docs/files.md): PUT bytes by sha256, GET by address', () => {
  it('stores a file once, however often it is sent, and serves it to its organization with its type and cache headers', async () => {
    const api = env.org.admin.api;
    const bytes = png(1);
    const sha = sha256(bytes);
    const first = await putFile(api, bytes);
    expect(first.status).toBe(200);
    expect(uploadedFileSchema.parse(first.body)).toEqual({ sha256: sha, mimeType: 'image/png', sizeBytes: bytes.length });
    const again = await putFile(api, bytes, 'text/plain');
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('x-revision')).toBeNull();
    const rows = await contentRows(sha);
    expect(rows.contents).toHaveLength(1);
    expect(rows.held).toEqual([expect.objectContaining({ orgId: env.org.orgId, mimeType: 'image/png', sizeBytes: bytes.length, createdBy: env.org.admin.userId })]);

    const got = await api.download(fileUrl(sha));
    expect(got.status).toBe(200);
    expect(got.bytes).toEqual(Buffer.from(bytes));
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    expect(got.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect(got.headers.get('etag')).toBe(`"${sha}"`);
    expect(got.headers.get('content-disposition')).toBe('inline');
    expect(got.headers.get('content-security-policy')).toMatch(/^sandbox; default-src 'none'/);
    const unchanged = await api.download(fileUrl(sha), { 'if-none-match': `"${sha}"` });
    expect(unchanged.status).toBe(304);
    expect(unchanged.bytes).toHaveLength(0);
  });

  it('judges a file by its content, whatever its declared type: images and PDFs only', async () => {
    const api = env.org.admin.api;
    const photo = jpeg(1);
    expect((await putFile(api, photo, 'application/pdf')).body).toMatchObject({ mimeType: 'image/jpeg' });
    expect((await putFile(api, pdf('Upload test'), 'image/png')).body).toMatchObject({ mimeType: 'application/pdf' });
    const page = script(1);
    const refused = await putFile(api, page, 'image/png');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ errorMessage: FILE_TYPE_MESSAGE.document });
    expect(await contentRows(sha256(page))).toEqual({ contents: [], held: [] });
  });

  it('refuses bytes that do not hash to the address, an empty body and a malformed address, and stores nothing', async () => {
    const api = env.org.admin.api;
    const bytes = png(2);
    const damaged = await api.bytes('PUT', uploadPath.build({ sha256: sha256(png(3)) }), bytes);
    expect(damaged.status).toBe(400);
    expect(damaged.body.errorMessage).toBe(DAMAGED_MESSAGE);
    expect((await contentRows(sha256(bytes))).contents).toEqual([]);
    const empty = await api.call('PUT', uploadPath.build({ sha256: sha256(bytes) }));
    expect(empty.status).toBe(400);
    expect(empty.body.errorMessage).toBe("Send the file's bytes as the body of the request");
    const badAddress = await api.bytes('PUT', '/data/v1/files/ABC', bytes);
    expect(badAddress.status).toBe(400);
    expect(badAddress.body.errorMessage).toBe('Path sha256: sha256 is 64 lowercase hex digits');
    expect((await api.get(`/files/${'0'.repeat(63)}`)).status).toBe(400);
  });

  it('serves a file only to users of an organization that holds it; one organization’s upload gives no other access', async () => {
    const bytes = png(4);
    const sha = sha256(bytes);
    await putFile(env.org.admin.api, bytes);
    const dispatcher = await signedInUser(env.server, env.org.orgId, env.org.sectionId, { role: 'dispatcher' });
    expect((await dispatcher.api.download(fileUrl(sha))).status).toBe(200);
    expect((await apiClient(env.server.baseUrl).download(fileUrl(sha))).status).toBe(401);

    const other = await orgWithAdmin(env.server);
    const theirs = await other.admin.api.download(fileUrl(sha));
    expect(theirs.status).toBe(404);
    expect(JSON.parse(theirs.bytes.toString())).toMatchObject({ errorMessage: 'No such file in your organization' });
    expect((await other.admin.api.download(fileUrl(sha), { 'if-none-match': `"${sha}"` })).status).toBe(404);
    // A record of theirs cannot name it either: to them it was never uploaded.
    const vehicle = await createVehicle(env.server.ctx, other.orgId, other.sectionId);
    const named = await other.admin.api.post(documentResource.paths.list.build({ vehicleId: vehicle.vehicleId }), { sha256: sha, filename: 'x.png' });
    expect(named.status).toBe(400);
    expect(named.body.errorMessage).toBe('The file x.png has not been uploaded yet');

    // Once they upload the same bytes they hold it too; the content stays stored once.
    expect((await putFile(other.admin.api, bytes)).status).toBe(200);
    expect((await other.admin.api.download(fileUrl(sha))).status).toBe(200);
    const rows = await contentRows(sha);
    expect(rows.contents).toHaveLength(1);
    expect(rows.held.map((r) => r.orgId).sort()).toEqual([env.org.orgId, other.orgId].sort());
  });

  it('lets read-only roles read files but not upload them', async () => {
    const dispatcher = await signedInUser(env.server, env.org.orgId, env.org.sectionId, { role: 'dispatcher' });
    const refused = await putFile(dispatcher.api, png(5));
    expect(refused.status).toBe(403);
    expect((await contentRows(sha256(png(5)))).contents).toEqual([]);
  });
});

describe('the size limit (UPLOAD_LIMIT_BYTES)', () => {
  const small = useServerWithOrg({ env: { UPLOAD_LIMIT_BYTES: '2048' } });
  const big = (n: number) => new Uint8Array([...png(n), ...new Uint8Array(3000)]);

  it('answers 413 with the words the app shows for a file past it: bytes alone, or in a form', async () => {
    const api = small.org.admin.api;
    const tooLarge = await putFile(api, big(6));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toMatchObject({ errorMessage: FILE_TOO_LARGE_MESSAGE });
    const vehicle = await createVehicle(small.server.ctx, small.org.orgId, small.org.sectionId);
    const form = await api.form(
      'POST',
      documentResource.paths.list.build({ vehicleId: vehicle.vehicleId }),
      formOf([['file', 'big.png', big(7)]], { description: 'Too big' }),
    );
    expect(form.status).toBe(413);
    expect(form.body.errorMessage).toBe(FILE_TOO_LARGE_MESSAGE);
    const mxId = await addDiscrepancy(small.server.ctx, small.org.orgId, vehicle, { itemNo: 3, discrepancy: 'Dent', dateDiscovered: new Date() });
    const pictures = await api.form(
      'PATCH',
      `/data/v1/vehicles/${vehicle.vehicleId}/mx/required/${mxId}`,
      formOf([
        ['pictures', 'a.png', png(8)],
        ['pictures', 'b.png', big(9)],
      ]),
    );
    expect(pictures.status).toBe(413);
    expect(pictures.body.errorMessage).toBe(FILE_TOO_LARGE_MESSAGE);
    // Nothing of a refused form is kept, not even the files before the one too large.
    expect((await api.get(`/data/v1/vehicles/${vehicle.vehicleId}/mx/required`)).body).toEqual([expect.objectContaining({ mxId, pictures: [] })]);
    expect(await small.server.ctx.files.blobs.has(sha256(png(8)))).toBe(false);
    // At the limit exactly it is taken.
    const exact = new Uint8Array(2048);
    exact.set(png(10));
    expect((await putFile(api, exact)).status).toBe(200);
  });
});

describe('files across restarts and versions', () => {
  it('keeps files across a restart, and imports the ones an older version left in DATA_DIR/files', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-files-'));
    const legacy = pdf('Left on disk');
    const wrongName = 'f'.repeat(64);
    fs.mkdirSync(path.join(dataDir, 'files'));
    fs.writeFileSync(path.join(dataDir, 'files', sha256(legacy)), legacy);
    fs.writeFileSync(path.join(dataDir, 'files', wrongName), png(11));
    fs.writeFileSync(path.join(dataDir, 'files', 'notes.txt'), 'not a file of the store');

    let server = await startTestServer({ dataDir });
    expect(await storedBytes(server.ctx, sha256(legacy))).toEqual(Buffer.from(legacy));
    expect(await server.ctx.files.blobs.has(wrongName)).toBe(false);

    const org = await orgWithAdmin(server);
    const bytes = png(12);
    expect((await putFile(org.admin.api, bytes)).status).toBe(200);
    const databaseUrl = server.databaseUrl;
    await server.stop();
    fs.rmSync(path.join(dataDir, 'files'), { recursive: true });
    server = await startTestServer({ dataDir, ...(databaseUrl ? { databaseUrl } : {}) });
    try {
      const again = await orgWithAdmin(server);
      expect((await again.admin.api.download(fileUrl(sha256(bytes)))).status).toBe(404);
      const token = (await signedInUser(server, org.orgId, org.sectionId)).tokens.accessToken;
      const got = await apiClient(server.baseUrl, token).download(fileUrl(sha256(bytes)));
      expect(got.status).toBe(200);
      expect(got.bytes).toEqual(Buffer.from(bytes));
    } finally {
      await server.stop({ drop: true });
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('moves every file of the previous layout (whole in file_contents) into the store at start, all readable after', async () => {
    let server = await startTestServer();
    const org = await orgWithAdmin(server);
    const large = new Uint8Array(3 * 1024 * 1024);
    large.set(png(13));
    const old = [png(14), pdf('Kept in the database'), large];
    for (const bytes of old) {
      const sha = sha256(bytes);
      await server.ctx.db.insert(fileContents).values({ sha256: sha, bytes: Buffer.from(bytes), sizeBytes: bytes.length });
      await server.ctx.db
        .insert(storedFiles)
        .values({ id: sha.slice(0, 21), orgId: org.orgId, rev: 1, sha256: sha, mimeType: 'image/png', sizeBytes: bytes.length, filename: 'old' });
    }
    const damaged = 'e'.repeat(64);
    await server.ctx.db.insert(fileContents).values({ sha256: damaged, bytes: Buffer.from(png(15)), sizeBytes: png(15).length });
    const { dataDir, databaseUrl, port } = server;
    await server.stop();
    server = await startTestServer({ dataDir, port, ...(databaseUrl ? { databaseUrl } : {}) });
    try {
      const api = apiClient(server.baseUrl, org.admin.tokens.accessToken);
      for (const bytes of old) {
        const got = await api.download(fileUrl(sha256(bytes)));
        expect(got.status).toBe(200);
        expect(got.bytes).toEqual(Buffer.from(bytes));
      }
      // Moved, then gone from the table; the row whose bytes are not its name stays, for an operator to look at.
      expect((await server.ctx.db.select({ sha256: fileContents.sha256 }).from(fileContents)).map((r) => r.sha256)).toEqual([damaged]);
      expect(await server.ctx.files.blobs.has(damaged)).toBe(false);
    } finally {
      await server.stop({ drop: true });
    }
  }, 60_000);
});
