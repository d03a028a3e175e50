import { and, eq } from 'drizzle-orm';
import { nanoid } from 'nanoid';
import { describe, expect, it } from 'vitest';
import { FILE_TYPE_MESSAGE } from '../../core/rules/file-type.ts';
import { discrepancyPictureResource, discrepancyPictureSchema, discrepancyResource } from '../../core/schema/discrepancy.ts';
import { fileUrl } from '../../core/schema/file.ts';
import { pushResponseSchema } from '../../core/schema/sync.ts';
import { waiverPictureResource, waiverPictureSchema, waiverResource } from '../../core/schema/waiver.ts';
import { discrepancyPictures, waiverPictures } from '../../server/db/schema/index.ts';
import type { apiClient } from '../support/api.ts';
import { createVehicle } from '../support/factories.ts';
import { formOf, jpeg, pdf, png, putFile, script, sha256 } from '../support/files.ts';
import { orgWithAdmin, signedInUser, useServerWithOrg } from '../support/session.ts';
import { pullAll } from '../support/sync.ts';
import { addWorkflow, setVehicleWorkflow } from '../support/table-rows.ts';

const env = useServerWithOrg();
type Api = ReturnType<typeof apiClient>;

interface Made {
  vehicleId: string;
  parentId: string;
  /** The record's own path: its JSON PATCH, and its multipart PATCH with `pictures`. */
  record: string;
  list: string;
  item: (pictureId: string) => string;
}

/** What differs between the two kinds of pictures (one generic piece on the server: server/modules/pictures/). */
interface Kind {
  name: string;
  key: 'mxPictureId' | 'waiverPictureId';
  feed: 'discrepancyPictures' | 'waiverPictures';
  table: typeof discrepancyPictures | typeof waiverPictures;
  schema: typeof discrepancyPictureSchema | typeof waiverPictureSchema;
  /** A new record of a new vehicle of the organization. */
  make(api: Api): Promise<Made>;
  /** The record's pictures as its list call shows them. */
  pictures(api: Api, made: Made): Promise<Record<string, unknown>[]>;
  /** A JSON change of the record itself, which the multipart PATCH's path keeps taking. */
  change: Record<string, unknown>;
}

async function vehicleWithRule() {
  const { ctx } = env.server;
  const vehicle = await createVehicle(ctx, env.org.orgId, env.org.sectionId);
  const workflowId = await addWorkflow(ctx, env.org.orgId, { rules: [{ ruleId: 'lights', title: 'Lights', af1800Id: 3 }] });
  await setVehicleWorkflow(ctx, env.org.orgId, vehicle.vehicleId, workflowId);
  return vehicle;
}

const KINDS: Kind[] = [
  {
    name: 'discrepancy pictures',
    key: 'mxPictureId',
    feed: 'discrepancyPictures',
    table: discrepancyPictures,
    schema: discrepancyPictureSchema,
    async make(api) {
      const { vehicleId } = await vehicleWithRule();
      const res = await api.post(discrepancyResource.paths.list.build({ vehicleId }), {
        itemNo: 3,
        discrepancy: 'Cracked lens',
        dateDiscovered: '2026-11-20T08:00:00.000Z',
      });
      expect(res.status).toBe(201);
      const mxId = res.body.mxId as string;
      return {
        vehicleId,
        parentId: mxId,
        record: discrepancyResource.paths.item.build({ vehicleId, mxId }),
        list: discrepancyPictureResource.paths.list.build({ vehicleId, mxId }),
        item: (mxPictureId) => discrepancyPictureResource.paths.item.build({ vehicleId, mxId, mxPictureId }),
      };
    },
    async pictures(api, made) {
      const res = await api.get(discrepancyResource.paths.list.build({ vehicleId: made.vehicleId }));
      return res.body.find((d: { mxId: string }) => d.mxId === made.parentId).pictures;
    },
    change: { workOrder: 'WO-77' },
  },
  {
    name: 'waiver pictures',
    key: 'waiverPictureId',
    feed: 'waiverPictures',
    table: waiverPictures,
    schema: waiverPictureSchema,
    async make(api) {
      const { vehicleId } = await vehicleWithRule();
      const res = await api.post(waiverResource.paths.list.build({ vehicleId }), { ruleId: 'lights', explanation: 'Lens cracked, light works' });
      expect(res.status).toBe(201);
      const waiverId = res.body.waiverId as string;
      return {
        vehicleId,
        parentId: waiverId,
        record: waiverResource.paths.item.build({ vehicleId, waiverId }),
        list: waiverPictureResource.paths.list.build({ vehicleId, waiverId }),
        item: (waiverPictureId) => waiverPictureResource.paths.item.build({ vehicleId, waiverId, waiverPictureId }),
      };
    },
    async pictures(api, made) {
      const res = await api.get(waiverResource.paths.list.build({ vehicleId: made.vehicleId }));
      return res.body.waiveredItems.find((w: { waiverId: string }) => w.waiverId === made.parentId).pictures;
    },
    change: { explanation: 'Lens replaced on order' },
  },
];

let n = 1000;
/** A picture no other test uses. */
const fresh = () => png(n++);

describe.each(KINDS)('$name (part 1 §7: multipart PATCH of the record, picture caption and delete)', (kind) => {
  it('adds the pictures of a multipart PATCH and answers the record with them; a retried form adds nothing', async () => {
    const api = env.org.admin.api;
    const made = await kind.make(api);
    const [a, b] = [fresh(), jpeg(n++)];
    const form = () =>
      formOf([
        ['pictures', 'left.png', a],
        ['pictures', 'right.jpg', b],
      ]);
    const res = await api.form('PATCH', made.record, form());
    expect(res.status).toBe(200);
    const pictures = res.body.pictures.map((p: unknown) => kind.schema.parse(p));
    expect(pictures).toEqual([
      expect.objectContaining({ sha256: sha256(a), filename: 'left.png', url: fileUrl(sha256(a)), annotation: null }),
      expect.objectContaining({ sha256: sha256(b), filename: 'right.jpg', url: fileUrl(sha256(b)), annotation: null }),
    ]);
    expect(await kind.pictures(api, made)).toEqual(res.body.pictures);
    expect((await api.download(pictures[1].url)).headers.get('content-type')).toBe('image/jpeg');

    // The upload again (a retry after a lost answer), and with one more picture: each content once.
    const again = await api.form('PATCH', made.record, form());
    expect(again.status).toBe(200);
    expect(again.body.pictures).toEqual(res.body.pictures);
    const c = fresh();
    const more = await api.form(
      'PATCH',
      made.record,
      formOf([
        ['pictures', 'left.png', a],
        ['pictures', 'top.png', c],
      ]),
    );
    expect(more.body.pictures.map((p: { sha256: string }) => p.sha256)).toEqual([sha256(a), sha256(b), sha256(c)]);
    const rows = await env.server.ctx.db
      .select()
      .from(kind.table)
      .where(eq(kind.table.fileId, sha256(a)));
    expect(rows).toHaveLength(1);

    // The same path still takes a JSON change of the record.
    const changed = await api.patch(made.record, kind.change);
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject(kind.change);
  });

  it('adds a picture of content uploaded before by JSON (as the app does through the sync push), once per content', async () => {
    const api = env.org.admin.api;
    const made = await kind.make(api);
    const bytes = fresh();
    const notYet = await api.post(made.list, { sha256: sha256(bytes), filename: 'x.png' });
    expect(notYet.status).toBe(400);
    expect(notYet.body.errorMessage).toBe('The file x.png has not been uploaded yet');

    expect((await putFile(api, bytes)).status).toBe(200);
    const id = nanoid();
    const created = await api.post(made.list, { [kind.key]: id, sha256: sha256(bytes), filename: ' photo.png ', annotation: '  Bent bracket ' });
    expect(created.status).toBe(201);
    expect(kind.schema.parse(created.body)).toMatchObject({
      [kind.key]: id,
      sha256: sha256(bytes),
      filename: 'photo.png',
      annotation: 'Bent bracket',
      url: fileUrl(sha256(bytes)),
    });
    // The same content again (another device's id, or no id): the picture there is.
    const same = await api.post(made.list, { [kind.key]: nanoid(), sha256: sha256(bytes), filename: 'again.png' });
    expect(same.status).toBe(200);
    expect(same.body).toEqual(created.body);
    // The id taken, by other content: refused.
    const other = fresh();
    await putFile(api, other);
    const taken = await api.post(made.list, { [kind.key]: id, sha256: sha256(other), filename: 'other.png' });
    expect(taken.status).toBe(409);
    expect(await kind.pictures(api, made)).toEqual([created.body]);

    // Through the push: applied once, a replay is a duplicate.
    const third = fresh();
    await putFile(api, third);
    const mutation = {
      id: nanoid(),
      seq: 1,
      name: 'addPicture',
      request: { method: 'POST', path: made.list, body: { [kind.key]: nanoid(), sha256: sha256(third), filename: 'pushed.png' } },
    };
    const push = () => api.post('/data/v1/sync/push', { clientId: 'pictures-test', mutations: [mutation] });
    expect(pushResponseSchema.parse((await push()).body).results[0]).toMatchObject({ status: 'applied', httpStatus: 201 });
    expect(pushResponseSchema.parse((await push()).body).results[0]).toMatchObject({ status: 'duplicate' });
    expect(await kind.pictures(api, made)).toHaveLength(2);
  });

  it('judges a picture by its content: a PDF or a page named .png is refused, and nothing of the form is kept', async () => {
    const api = env.org.admin.api;
    const made = await kind.make(api);
    const before = fresh();
    for (const [name, bytes] of [
      ['scan.png', pdf(`Not a picture ${n++}`)],
      ['photo.jpg', script(n++)],
    ] as const) {
      const res = await api.form(
        'PATCH',
        made.record,
        formOf([
          ['pictures', 'fine.png', before],
          ['pictures', name, bytes],
        ]),
      );
      expect(res.status, name).toBe(400);
      expect(res.body.errorMessage).toBe(FILE_TYPE_MESSAGE.picture);
      expect(await env.server.ctx.files.blobs.has(sha256(bytes))).toBe(false);
    }
    expect(await kind.pictures(api, made)).toEqual([]);
    // A PDF uploaded for a document is no picture either.
    const document = pdf(`A document ${n++}`);
    await putFile(api, document);
    const named = await api.post(made.list, { sha256: sha256(document), filename: 'card.png' });
    expect(named.status).toBe(400);
    expect(named.body.errorMessage).toBe(FILE_TYPE_MESSAGE.picture);
  });

  it('changes a caption (trimmed; empty clears it) and deletes a picture, for every device', async () => {
    const api = env.org.admin.api;
    const made = await kind.make(api);
    const bytes = fresh();
    const [picture] = (await api.form('PATCH', made.record, formOf([['pictures', 'p.png', bytes]]))).body.pictures;
    const id = picture[kind.key] as string;
    const captioned = await api.patch(made.item(id), { annotation: '  Left rear  ' });
    expect(captioned.status).toBe(200);
    expect(captioned.body).toEqual({ ...picture, annotation: 'Left rear' });
    expect((await api.patch(made.item(id), { annotation: '   ' })).body.annotation).toBeNull();
    for (const [body, message] of [
      [{ annotation: 'x'.repeat(501) }, 'annotation: Captions are at most 500 characters'],
      [{}, 'annotation: Invalid input: expected string, received undefined'],
    ] as const) {
      const res = await api.patch(made.item(id), body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errorMessage).toBe(message);
    }
    expect((await api.patch(made.item('no-such-picture'), { annotation: 'x' })).status).toBe(404);

    expect((await api.delete(made.item(id))).status).toBe(204);
    expect(await kind.pictures(api, made)).toEqual([]);
    expect((await api.delete(made.item(id))).status).toBe(404);
    expect((await api.patch(made.item(id), { annotation: 'x' })).status).toBe(404);
    const { rows } = await pullAll(api, { limit: 5000 });
    expect(rows.has(`${kind.feed}/${id}`)).toBe(false);
    // The content is still the organization's; the same photo again is a new picture.
    const again = await api.post(made.list, { sha256: sha256(bytes), filename: 'p.png' });
    expect(again.status).toBe(201);
    expect(again.body[kind.key]).not.toBe(id);
  });

  it('deletes the pictures with their record', async () => {
    const api = env.org.admin.api;
    const made = await kind.make(api);
    await api.form(
      'PATCH',
      made.record,
      formOf([
        ['pictures', 'a.png', fresh()],
        ['pictures', 'b.png', fresh()],
      ]),
    );
    expect((await api.delete(made.record)).status).toBe(204);
    const parent = kind.table === discrepancyPictures ? discrepancyPictures.discrepancyId : waiverPictures.waiverId;
    const rows = await env.server.ctx.db
      .select()
      .from(kind.table)
      .where(and(eq(kind.table.orgId, env.org.orgId), eq(parent, made.parentId)));
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.deletedAt !== null)).toBe(true);
    expect((await api.post(made.list, { sha256: rows[0]!.fileId, filename: 'a.png' })).status).toBe(404);
  });

  it('refuses a form it cannot use with a message, and keeps read-only roles and other organizations out', async () => {
    const api = env.org.admin.api;
    const made = await kind.make(api);
    const bad = async (form: FormData, status: number, message: string) => {
      const res = await api.form('PATCH', made.record, form);
      expect(res.status, message).toBe(status);
      expect(res.body.errorMessage).toBe(message);
    };
    await bad(formOf([], { note: 'no file' }), 400, 'pictures: Choose at least one picture to upload');
    await bad(formOf([['photo', 'a.png', fresh()]]), 400, 'Send files in the field pictures, not photo');
    await bad(
      formOf(Array.from({ length: 11 }, (_, i) => ['pictures', `p${i}.png`, fresh()] as [string, string, Uint8Array])),
      400,
      'Send at most 10 files at once',
    );
    const noName = new FormData();
    noName.append('pictures', new Blob([new Uint8Array(fresh())]), ' ');
    await bad(noName, 400, 'pictures: File name is required');
    const caption = await api.form('PATCH', made.item('x'), formOf([['pictures', 'a.png', fresh()]]));
    expect(caption.status).toBe(415);
    expect(await kind.pictures(api, made)).toEqual([]);

    const bytes = fresh();
    const [picture] = (await api.form('PATCH', made.record, formOf([['pictures', 'p.png', bytes]]))).body.pictures;
    const id = picture[kind.key] as string;
    const dispatcher = await signedInUser(env.server, env.org.orgId, env.org.sectionId, { role: 'dispatcher' });
    expect((await dispatcher.api.form('PATCH', made.record, formOf([['pictures', 'q.png', fresh()]]))).status).toBe(403);
    expect((await dispatcher.api.post(made.list, { sha256: sha256(bytes), filename: 'p.png' })).status).toBe(403);
    expect((await dispatcher.api.patch(made.item(id), { annotation: 'mine' })).status).toBe(403);
    expect((await dispatcher.api.delete(made.item(id))).status).toBe(403);
    expect((await dispatcher.api.download(picture.url)).status).toBe(200);

    const other = await orgWithAdmin(env.server);
    await putFile(other.admin.api, bytes);
    expect((await other.admin.api.form('PATCH', made.record, formOf([['pictures', 'q.png', fresh()]]))).status).toBe(404);
    expect((await other.admin.api.post(made.list, { sha256: sha256(bytes), filename: 'p.png' })).status).toBe(404);
    expect((await other.admin.api.patch(made.item(id), { annotation: 'theirs' })).status).toBe(404);
    expect((await other.admin.api.delete(made.item(id))).status).toBe(404);
    expect(await kind.pictures(api, made)).toEqual([picture]);
  });
});
