import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FILE_TOO_LARGE_MESSAGE, FILENAME_UNSTORABLE_MESSAGE, fileUrl, uploadPath } from '../../core/schema/file.ts';
import { TOO_MANY_UPLOADS_MESSAGE } from '../../server/files/upload-gate.ts';
import { createVehicle } from '../support/factories.ts';
import { png, putFile, sha256 } from '../support/files.ts';
import { useServerWithOrg } from '../support/session.ts';
import { bigFile, multipartBody, streamedRequest } from '../support/streamed-request.ts';
import { addDiscrepancy } from '../support/table-rows.ts';

const MiB = 1024 * 1024;
const env = useServerWithOrg();

const auth = () => ({ authorization: `Bearer ${env.org.admin.tokens.accessToken}` });
const urlOf = (path: string) => `${env.server.baseUrl}${path}`;

/** PUT a file's bytes as the app does, streamed; `pause` may hold the body between its 1 MiB chunks. */
function putStreamed(file: ReturnType<typeof bigFile>, bytes: number, pause?: (sent: number) => Promise<void>) {
  return streamedRequest(urlOf(uploadPath.build({ sha256: file.sha256 })), {
    method: 'PUT',
    headers: { ...auth(), 'content-type': 'application/octet-stream', 'content-length': String(bytes) },
    body: file.chunks(),
    ...(pause ? { pause } : {}),
  });
}

/** The temporary files the store holds now (received, not kept). */
const temporaryFiles = () => fs.readdirSync(env.server.ctx.files.blobs.tmpDir);

/** Waits until the server holds `count` temporary files; fails with the answer if one came first. */
async function untilTemporaryFiles(count: number, request: ReturnType<typeof streamedRequest>): Promise<void> {
  let answer: string | undefined;
  request.done.then(
    (res) => (answer = `${res.status} ${res.body}`),
    () => undefined,
  );
  for (let i = 0; i < 1000 && temporaryFiles().length < count; i++) {
    if (answer) throw new Error(`answered before the upload was cut: ${answer}`);
    await new Promise((r) => setTimeout(r, 10));
  }
  if (temporaryFiles().length < count) throw new Error(`${temporaryFiles().length} temporary files, not ${count}`);
}

/** Waits (bounded) until the server has removed every temporary file; answers what is left. */
async function temporaryFilesOnceSettled(): Promise<string[]> {
  for (let i = 0; i < 100 && temporaryFiles().length > 0; i++) await new Promise((r) => setTimeout(r, 50));
  return temporaryFiles();
}

describe('files never stall the server (issue 51)', () => {
  it('answers /healthz and a pull page while a 25 MiB upload and a 25 MiB download run, before the upload completes', async () => {
    const held = bigFile(25 * MiB, 1);
    expect((await putStreamed(held, 25 * MiB).done).status).toBe(200);

    // The download starts and is held after its first bytes, so it runs all through the upload's end.
    const download = await fetch(urlOf(fileUrl(held.sha256)), { headers: auth() });
    expect(download.status).toBe(200);
    const reader = download.body!.getReader();
    let downloaded = (await reader.read()).value?.length ?? 0;

    const order: string[] = [];
    const file = bigFile(25 * MiB, 2);
    const upload = putStreamed(file, 25 * MiB);
    upload.done.then(
      () => order.push('upload'),
      () => undefined,
    );
    // The moment the server has the whole body is the moment a store on the event loop would freeze it.
    await upload.sent;
    const probes = [
      fetch(urlOf('/healthz')).then((res) => (order.push('healthz'), res.status)),
      env.org.admin.api.get('/data/v1/sync/pull?cursor=&limit=100').then((res) => (order.push('pull'), res.status)),
    ];
    expect(await Promise.all(probes)).toEqual([200, 200]);
    expect((await upload.done).status).toBe(200);
    expect(order.indexOf('healthz')).toBeLessThan(order.indexOf('upload'));
    expect(order.indexOf('pull')).toBeLessThan(order.indexOf('upload'));

    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) downloaded += chunk.value.length;
    expect(downloaded).toBe(25 * MiB);
    const copy = await env.org.admin.api.download(fileUrl(file.sha256));
    expect(sha256(copy.bytes)).toBe(file.sha256);
  }, 120_000);

  it('serves byte ranges with the content’s tag; a range outside the file is a 416', async () => {
    const bytes = png(5101);
    await putFile(env.org.admin.api, bytes);
    const url = fileUrl(sha256(bytes));
    const first = await env.org.admin.api.download(url, { range: 'bytes=0-7' });
    expect(first.status).toBe(206);
    expect(first.bytes).toEqual(Buffer.from(bytes.subarray(0, 8)));
    expect(first.headers.get('content-range')).toBe(`bytes 0-7/${bytes.length}`);
    expect(first.headers.get('etag')).toBe(`"${sha256(bytes)}"`);
    const tail = await env.org.admin.api.download(url, { range: 'bytes=-4' });
    expect(tail.bytes).toEqual(Buffer.from(bytes.subarray(bytes.length - 4)));
    // If-Range naming another version: the whole file.
    const whole = await env.org.admin.api.download(url, { range: 'bytes=0-7', 'if-range': '"other"' });
    expect(whole.status).toBe(200);
    expect(whole.bytes).toEqual(Buffer.from(bytes));
    const outside = await env.org.admin.api.download(url, { range: `bytes=${bytes.length}-` });
    expect(outside.status).toBe(416);
    expect(outside.headers.get('content-range')).toBe(`bytes */${bytes.length}`);
  });

  it('refuses a file that says it is past the limit before reading it, and one that turns out past it as it arrives', async () => {
    const file = bigFile(26 * MiB, 3);
    // The client sends 1 MiB and then waits for the answer: a server that read the body whole would never answer.
    let answered = false;
    const told = putStreamed(file, 26 * MiB, async () => {
      while (!answered) await new Promise((r) => setTimeout(r, 20));
    });
    const refused = await told.done;
    answered = true;
    expect(refused.status).toBe(413);
    expect(JSON.parse(refused.body).errorMessage).toBe(FILE_TOO_LARGE_MESSAGE);

    const chunked = streamedRequest(urlOf(uploadPath.build({ sha256: file.sha256 })), {
      method: 'PUT',
      headers: { ...auth(), 'content-type': 'application/octet-stream' },
      body: file.chunks(),
    });
    const cut = await chunked.done;
    expect(cut.status).toBe(413);
    expect(JSON.parse(cut.body).errorMessage).toBe(FILE_TOO_LARGE_MESSAGE);
    expect(await env.server.ctx.files.blobs.has(file.sha256)).toBe(false);
    expect(await temporaryFilesOnceSettled()).toEqual([]);
  });

  it('leaves no temporary file when the client goes away mid-upload, by PUT or in a form', async () => {
    const file = bigFile(10 * MiB, 4);
    let cut = false;
    const put = putStreamed(file, 10 * MiB, async (sent) => {
      if (sent >= 3 * MiB && !cut) {
        cut = true;
        // The server has started a temporary file: wait until it exists, then go.
        await untilTemporaryFiles(1, put);
        put.destroy();
      }
    });
    await expect(put.done).rejects.toThrow();
    expect(await temporaryFilesOnceSettled()).toEqual([]);

    const vehicle = await createVehicle(env.server.ctx, env.org.orgId, env.org.sectionId);
    const mxId = await addDiscrepancy(env.server.ctx, env.org.orgId, vehicle, { itemNo: 3, discrepancy: 'Dent', dateDiscovered: new Date() });
    const boundary = 'cut-off-form';
    let formCut = false;
    const form = streamedRequest(urlOf(`/data/v1/vehicles/${vehicle.vehicleId}/mx/required/${mxId}`), {
      method: 'PATCH',
      headers: { ...auth(), 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: multipartBody(boundary, {}, [
        { field: 'pictures', filename: 'a.png', chunks: () => [Buffer.from(png(5102))] },
        { field: 'pictures', filename: 'b.png', chunks: file.chunks },
      ])(),
      pause: async (sent) => {
        if (sent >= 3 * MiB && !formCut) {
          formCut = true;
          await untilTemporaryFiles(2, form);
          form.destroy();
        }
      },
    });
    await expect(form.done).rejects.toThrow();
    expect(await temporaryFilesOnceSettled()).toEqual([]);
    expect((await env.org.admin.api.get(`/data/v1/vehicles/${vehicle.vehicleId}/mx/required`)).body).toEqual([expect.objectContaining({ mxId, pictures: [] })]);
  });

  it('answers a file name with NUL a 400 on every upload form, and keeps a name without its control characters', async () => {
    const vehicle = await createVehicle(env.server.ctx, env.org.orgId, env.org.sectionId);
    const mxId = await addDiscrepancy(env.server.ctx, env.org.orgId, vehicle, { itemNo: 4, discrepancy: 'Crack', dateDiscovered: new Date() });
    const v = `/data/v1/vehicles/${vehicle.vehicleId}`;
    const forms: [method: string, path: string, field: string][] = [
      ['PATCH', `${v}/mx/required/${mxId}`, 'pictures'],
      ['POST', `${v}/waivers/file`, 'card'],
      ['POST', `${v}/files/aux`, 'file'],
      ['POST', `${v}/inspection/recent`, 'pictures'],
    ];
    const send = (method: string, path: string, field: string, filename: string, n: number) => {
      const boundary = `names-${n}`;
      return streamedRequest(urlOf(path), {
        method,
        headers: { ...auth(), 'content-type': `multipart/form-data; boundary=${boundary}` },
        body: multipartBody(boundary, field === 'file' ? { description: 'Manual' } : {}, [{ field, filename, chunks: () => [Buffer.from(png(n))] }])(),
      }).done;
    };
    for (const [i, [method, path, field]] of forms.entries()) {
      const res = await send(method, path, field, 'bad\u0000name.png', 5110 + i);
      expect(res.status, `${method} ${path}: ${res.body}`).toBe(400);
      expect(JSON.parse(res.body).errorMessage).toBe(`${field}: ${FILENAME_UNSTORABLE_MESSAGE}`);
    }
    const kept = await send('POST', `${v}/files/aux`, 'file', 'manual\u202E\u0007.png', 5120);
    expect(kept.status, kept.body).toBe(201);
    expect(JSON.parse(kept.body)).toMatchObject({ filename: 'manual.png' });
    expect(await temporaryFilesOnceSettled()).toEqual([]);
  });

  it('answers 429 with Retry-After to a fifth upload of one user at once, and takes it once one ends', async () => {
    const held: ReturnType<typeof streamedRequest>[] = [];
    let release = false;
    const files = [0, 1, 2, 3].map((i) => bigFile(2 * MiB, 40 + i));
    for (const file of files) {
      held.push(
        putStreamed(file, 2 * MiB, async () => {
          while (!release) await new Promise((r) => setTimeout(r, 20));
        }),
      );
    }
    while (env.server.app.uploads.gate.inFlight(env.org.admin.userId).uploads < 4) await new Promise((r) => setTimeout(r, 10));
    const fifth = await putFile(env.org.admin.api, png(5130));
    expect(fifth.status).toBe(429);
    expect(fifth.headers.get('retry-after')).toBe('10');
    expect((fifth.body as unknown as { errorMessage: string }).errorMessage).toBe(TOO_MANY_UPLOADS_MESSAGE);
    release = true;
    expect((await Promise.all(held.map((h) => h.done))).map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect((await putFile(env.org.admin.api, png(5130))).status).toBe(200);
  });
});
