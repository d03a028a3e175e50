import { nanoid } from 'nanoid';
import { describe, expect, it } from 'vitest';
import { FILE_TYPE_MESSAGE } from '../../core/rules/file-type.ts';
import { DOCUMENT_DESCRIPTION_MESSAGE, documentResource, documentSchema } from '../../core/schema/document.ts';
import { fileUrl } from '../../core/schema/file.ts';
import { pushResponseSchema } from '../../core/schema/sync.ts';
import { createVehicle } from '../support/factories.ts';
import { formOf, jpeg, pdf, png, putFile, script, sha256 } from '../support/files.ts';
import { orgWithAdmin, signedInUser, useServerWithOrg } from '../support/session.ts';
import { pullAll } from '../support/sync.ts';

const env = useServerWithOrg();
const { list, item } = documentResource.paths;

async function vehicle() {
  const v = await createVehicle(env.server.ctx, env.org.orgId, env.org.sectionId);
  return { ...v, list: list.build({ vehicleId: v.vehicleId }), item: (fileId: string) => item.build({ vehicleId: v.vehicleId, fileId }) };
}

describe('documents (part 1 §7 "Documents")', () => {
  it('uploads a document as a form with its description, once however often it is sent, and lists it', async () => {
    const v = await vehicle();
    const api = env.org.admin.api;
    const manual = pdf(`Owner's manual ${nanoid()}`);
    const form = () => formOf([['file', 'manual.pdf', manual]], { description: '  Owner manual ' });
    const created = await api.form('POST', v.list, form());
    expect(created.status).toBe(201);
    expect(documentSchema.parse(created.body)).toMatchObject({
      vehicleId: v.vehicleId,
      regNumber: v.regNumber,
      sha256: sha256(manual),
      filename: 'manual.pdf',
      description: 'Owner manual',
      mimeType: 'application/pdf',
      url: fileUrl(sha256(manual)),
      creatorId: env.org.admin.userId,
      lastModifierId: env.org.admin.userId,
    });
    const again = await api.form('POST', v.list, form());
    expect(again.status).toBe(200);
    expect(again.body).toEqual(created.body);
    expect((await api.get(v.list)).body).toEqual([created.body]);
    const got = await api.download(created.body.url);
    expect(got.bytes).toEqual(Buffer.from(manual));
    expect(got.headers.get('content-disposition')).toBe(`inline; filename="manual.pdf"; filename*=UTF-8''manual.pdf`);

    // Without a description, and a JPEG named .pdf: judged by its content.
    const photo = jpeg(3001);
    const plain = await api.form('POST', v.list, formOf([['file', 'tyre.pdf', photo]]));
    expect(plain.status).toBe(201);
    expect(plain.body).toMatchObject({ filename: 'tyre.pdf', description: null, mimeType: 'image/jpeg' });
  });

  it('takes a document by content uploaded before (JSON, as the app sends it through the sync push)', async () => {
    const v = await vehicle();
    const api = env.org.admin.api;
    const bytes = png(3002);
    const notYet = await api.post(v.list, { sha256: sha256(bytes), filename: 'plate.png' });
    expect(notYet.status).toBe(400);
    expect(notYet.body.errorMessage).toBe('The file plate.png has not been uploaded yet');
    await putFile(api, bytes);
    const fileId = nanoid();
    const mutation = {
      id: nanoid(),
      seq: 1,
      name: 'uploadDocument',
      request: { method: 'POST', path: v.list, body: { fileId, sha256: sha256(bytes), filename: 'plate.png', description: 'Plate' } },
    };
    const push = () => api.post('/data/v1/sync/push', { clientId: 'documents-test', mutations: [mutation] });
    expect(pushResponseSchema.parse((await push()).body).results[0]).toMatchObject({ status: 'applied', httpStatus: 201 });
    expect(pushResponseSchema.parse((await push()).body).results[0]).toMatchObject({ status: 'duplicate' });
    const listed = (await api.get(v.list)).body;
    expect(listed).toEqual([expect.objectContaining({ fileId, filename: 'plate.png', description: 'Plate', mimeType: 'image/png' })]);
    // The same content under another id: the document there is.
    const same = await api.post(v.list, { fileId: nanoid(), sha256: sha256(bytes), filename: 'again.png' });
    expect(same.status).toBe(200);
    expect(same.body).toEqual(listed[0]);
    // Another vehicle may hold the same content as a document of its own.
    const w = await vehicle();
    expect((await api.post(w.list, { sha256: sha256(bytes), filename: 'plate.png' })).status).toBe(201);
  });

  it('changes the description, deletes a document, for every device', async () => {
    const v = await vehicle();
    const api = env.org.admin.api;
    const editor = await signedInUser(env.server, env.org.orgId, env.org.sectionId, { role: 'sectionLead', firstName: 'Ada', lastName: 'Lane' });
    const doc = documentSchema.parse((await api.form('POST', v.list, formOf([['file', 'a.pdf', pdf(`Doc ${nanoid()}`)]], { description: 'First' }))).body);
    const edited = await editor.api.patch(v.item(doc.fileId), { description: ' Registration ' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ description: 'Registration', lastModifierId: editor.userId, lastModifier: 'Ada Lane', creatorId: env.org.admin.userId });
    const { cursor } = await pullAll(api, { limit: 5000 });
    expect((await api.delete(v.item(doc.fileId))).status).toBe(204);
    expect((await api.get(v.list)).body).toEqual([]);
    expect((await api.delete(v.item(doc.fileId))).status).toBe(404);
    expect((await api.patch(v.item(doc.fileId), { description: 'x' })).status).toBe(404);
    const { pages } = await pullAll(api, { cursor, limit: 5000 });
    expect(pages.flatMap((p) => p.changes).filter((c) => c.t === 'documents')).toEqual([expect.objectContaining({ op: 'delete', id: doc.fileId })]);
  });

  it('refuses bad input with a message and changes nothing', async () => {
    const v = await vehicle();
    const api = env.org.admin.api;
    const bad = async (res: { status: number; body: { errorMessage: string } }, message: string) => {
      expect(res.status, message).toBe(400);
      expect(res.body.errorMessage).toBe(message);
    };
    const long = 'x'.repeat(51);
    await bad(await api.form('POST', v.list, formOf([['file', 'a.pdf', pdf('long')]], { description: long })), `description: ${DOCUMENT_DESCRIPTION_MESSAGE}`);
    await bad(await api.form('POST', v.list, formOf([['file', 'page.pdf', script(3003)]])), FILE_TYPE_MESSAGE.document);
    await bad(await api.form('POST', v.list, formOf([], { description: 'No file' })), 'file: Choose a file to upload');
    await bad(
      await api.form(
        'POST',
        v.list,
        formOf([
          ['file', 'a.pdf', pdf('a')],
          ['file', 'b.pdf', pdf('b')],
        ]),
      ),
      'Send at most 1 file at once',
    );
    const bytes = png(3004);
    await putFile(api, bytes);
    await bad(await api.post(v.list, { sha256: sha256(bytes), filename: 'a.png', description: long }), `description: ${DOCUMENT_DESCRIPTION_MESSAGE}`);
    await bad(await api.post(v.list, { sha256: sha256(bytes), filename: ' ' }), 'filename: File name is required');
    await bad(await api.post(v.list, { sha256: sha256(bytes).toUpperCase(), filename: 'a.png' }), 'sha256: sha256 is 64 lowercase hex digits');
    expect((await api.get(v.list)).body).toEqual([]);

    const doc = documentSchema.parse((await api.post(v.list, { sha256: sha256(bytes), filename: 'a.png', description: 'Fine' })).body);
    await bad(await api.patch(v.item(doc.fileId), { description: '  ' }), 'description: Description is required');
    await bad(await api.patch(v.item(doc.fileId), { description: long }), `description: ${DOCUMENT_DESCRIPTION_MESSAGE}`);
    await bad(await api.patch(v.item(doc.fileId), {}), 'description: Description is required');
    expect((await api.form('PATCH', v.item(doc.fileId), formOf([['file', 'a.pdf', pdf('a')]]))).status).toBe(415);
    expect((await api.get(v.list)).body).toEqual([doc]);
  });

  it('lets read-only roles read documents, not change them, and keeps other organizations out', async () => {
    const v = await vehicle();
    const api = env.org.admin.api;
    const doc = documentSchema.parse((await api.form('POST', v.list, formOf([['file', 'a.pdf', pdf(`Mine ${nanoid()}`)]]))).body);
    const dispatcher = await signedInUser(env.server, env.org.orgId, env.org.sectionId, { role: 'dispatcher' });
    expect((await dispatcher.api.get(v.list)).body).toEqual([doc]);
    expect((await dispatcher.api.form('POST', v.list, formOf([['file', 'b.pdf', pdf('b')]]))).status).toBe(403);
    expect((await dispatcher.api.post(v.list, { sha256: doc.sha256, filename: 'b.pdf' })).status).toBe(403);
    expect((await dispatcher.api.patch(v.item(doc.fileId), { description: 'Mine' })).status).toBe(403);
    expect((await dispatcher.api.delete(v.item(doc.fileId))).status).toBe(403);

    const other = await orgWithAdmin(env.server);
    expect((await other.admin.api.get(v.list)).status).toBe(404);
    expect((await other.admin.api.form('POST', v.list, formOf([['file', 'b.pdf', pdf('theirs')]]))).status).toBe(404);
    expect((await other.admin.api.patch(v.item(doc.fileId), { description: 'Theirs' })).status).toBe(404);
    expect((await other.admin.api.delete(v.item(doc.fileId))).status).toBe(404);
    expect((await other.admin.api.download(doc.url)).status).toBe(404);
    expect((await api.get(v.list)).body).toEqual([doc]);
  });
});
