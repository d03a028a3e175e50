import { nanoid } from 'nanoid';
import { describe, expect, it } from 'vitest';
import { FILE_TYPE_MESSAGE } from '../../core/rules/file-type.ts';
import { fileUrl } from '../../core/schema/file.ts';
import { waiverCardResource, waiverCardSchema, waiverListSchema, waiverResource, waiverSchema } from '../../core/schema/waiver.ts';
import { createVehicle } from '../support/factories.ts';
import { formOf, jpeg, pdf, png, putFile, script, sha256 } from '../support/files.ts';
import { orgWithAdmin, signedInUser, useServerWithOrg } from '../support/session.ts';
import { pullAll } from '../support/sync.ts';
import { addWorkflow, setVehicleWorkflow } from '../support/table-rows.ts';

const env = useServerWithOrg();
const { list, item } = waiverResource.paths;

/** A vehicle on a workflow with the rules 'lights' and 'wipers'. */
async function vehicle() {
  const { ctx } = env.server;
  const v = await createVehicle(ctx, env.org.orgId, env.org.sectionId);
  const workflowId = await addWorkflow(ctx, env.org.orgId, {
    rules: [
      { ruleId: 'lights', title: 'Lights', af1800Id: 3 },
      { ruleId: 'wipers', title: 'Wipers', af1800Id: 12 },
    ],
  });
  await setVehicleWorkflow(ctx, env.org.orgId, v.vehicleId, workflowId);
  return {
    ...v,
    list: list.build({ vehicleId: v.vehicleId }),
    item: (waiverId: string) => item.build({ vehicleId: v.vehicleId, waiverId }),
    card: waiverCardResource.paths.list.build({ vehicleId: v.vehicleId }),
  };
}

describe('waivers (part 1 §7 "Waivers")', () => {
  it('creates a waivered item (warning by default) and lists it with its pictures and the card on file', async () => {
    const v = await vehicle();
    const api = env.org.admin.api;
    const empty = await api.get(v.list);
    expect(empty.status).toBe(200);
    expect(waiverListSchema.parse(empty.body)).toEqual({ waiveredItems: [], waiverCardFile: null });

    const id = nanoid();
    const created = await api.post(v.list, { waiverId: id, ruleId: ' lights ', explanation: '  Lens cracked; light works ' });
    expect(created.status).toBe(201);
    expect(waiverSchema.parse(created.body)).toMatchObject({
      waiverId: id,
      vehicleId: v.vehicleId,
      regNumber: v.regNumber,
      ruleId: 'lights',
      waiverType: 'warning',
      explanation: 'Lens cracked; light works',
      status: 'open',
      closingDate: null,
      creatorId: env.org.admin.userId,
    });
    const fatal = await api.post(v.list, { ruleId: 'wipers', waiverType: 'fatal', explanation: 'Wiper motor out' });
    expect(fatal.body).toMatchObject({ waiverType: 'fatal' });
    const listed = waiverListSchema.parse((await api.get(v.list)).body);
    expect(listed.waiveredItems).toEqual([
      { ...created.body, pictures: [] },
      { ...fatal.body, pictures: [] },
    ]);
    expect((await api.post(v.list, { waiverId: id, ruleId: 'lights', explanation: 'Again' })).status).toBe(409);
  });

  it('changes status, type and explanation only; leaving open closes it, going back reopens it', async () => {
    const v = await vehicle();
    const api = env.org.admin.api;
    const w = waiverSchema.parse((await api.post(v.list, { ruleId: 'lights', explanation: 'Lens cracked' })).body);
    const fixed = await api.patch(v.item(w.waiverId), { status: 'fixed' });
    expect(fixed.status).toBe(200);
    expect(fixed.body.status).toBe('fixed');
    expect(Date.parse(fixed.body.closingDate)).toBeGreaterThanOrEqual(Date.parse(w.creationDate));
    const closed = await api.patch(v.item(w.waiverId), { status: 'closed' });
    expect(closed.body).toMatchObject({ status: 'closed', closingDate: fixed.body.closingDate });
    expect((await api.patch(v.item(w.waiverId), { status: 'open' })).body).toMatchObject({ status: 'open', closingDate: null });
    const edited = await api.patch(v.item(w.waiverId), { waiverType: 'fatal', explanation: ' Lens gone ' });
    expect(edited.body).toMatchObject({ waiverType: 'fatal', explanation: 'Lens gone', status: 'open', ruleId: 'lights' });
  });

  it('refuses bad input with a message and changes nothing', async () => {
    const v = await vehicle();
    const api = env.org.admin.api;
    const bad = async (method: 'post' | 'patch', path: string, body: object, message: string) => {
      const res = await api[method](path, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errorMessage).toBe(message);
    };
    await bad('post', v.list, { ruleId: 'brakes', explanation: 'x' }, "ruleId: brakes is not a rule of this vehicle's inspection workflow");
    await bad('post', v.list, { explanation: 'x' }, 'ruleId: Rule is required');
    await bad('post', v.list, { ruleId: 'lights', explanation: '  ' }, 'explanation: Explanation is required');
    await bad('post', v.list, { ruleId: 'lights', explanation: 'x'.repeat(1001) }, 'explanation: Explanations are at most 1000 characters');
    await bad('post', v.list, { ruleId: 'lights', explanation: 'x', waiverType: 'critical' }, 'waiverType: Type must be warning or fatal');
    expect(waiverListSchema.parse((await api.get(v.list)).body).waiveredItems).toEqual([]);

    const w = waiverSchema.parse((await api.post(v.list, { ruleId: 'lights', explanation: 'Lens cracked' })).body);
    await bad('patch', v.item(w.waiverId), {}, 'Nothing to update');
    await bad('patch', v.item(w.waiverId), { ruleId: 'wipers' }, 'Unrecognized key: "ruleId"');
    await bad('patch', v.item(w.waiverId), { status: 'done' }, 'status: Status must be one of: open, fixed, closed');
    expect((await api.patch(v.item('no-such-waiver'), { status: 'fixed' })).status).toBe(404);
    expect(waiverListSchema.parse((await api.get(v.list)).body).waiveredItems).toEqual([{ ...w, pictures: [] }]);
  });

  it('deletes a waiver with its pictures, for every device', async () => {
    const v = await vehicle();
    const api = env.org.admin.api;
    const w = waiverSchema.parse((await api.post(v.list, { ruleId: 'lights', explanation: 'Lens cracked' })).body);
    const [picture] = (await api.form('PATCH', v.item(w.waiverId), formOf([['pictures', 'lens.png', png(2001)]]))).body.pictures;
    const { cursor } = await pullAll(api, { limit: 5000 });
    expect((await api.delete(v.item(w.waiverId))).status).toBe(204);
    expect(waiverListSchema.parse((await api.get(v.list)).body).waiveredItems).toEqual([]);
    expect((await api.delete(v.item(w.waiverId))).status).toBe(404);
    const { pages } = await pullAll(api, { cursor, limit: 5000 });
    const deletes = pages.flatMap((p) => p.changes).filter((c) => c.op === 'delete');
    expect(deletes.map((c) => `${c.t}/${c.id}`).sort()).toEqual([`waiverPictures/${picture.waiverPictureId}`, `waivers/${w.waiverId}`].sort());
  });

  it('takes the waiver card as a form (field card) or by content uploaded before; the newest is the card on file', async () => {
    const v = await vehicle();
    const api = env.org.admin.api;
    const scan = pdf(`Waiver card ${nanoid()}`);
    const form = () => formOf([['card', 'card.pdf', scan]]);
    const first = await api.form('POST', v.card, form());
    expect(first.status).toBe(201);
    expect(waiverCardSchema.parse(first.body)).toMatchObject({
      vehicleId: v.vehicleId,
      regNumber: v.regNumber,
      sha256: sha256(scan),
      filename: 'card.pdf',
      mimeType: 'application/pdf',
      url: fileUrl(sha256(scan)),
    });
    expect(waiverListSchema.parse((await api.get(v.list)).body).waiverCardFile).toEqual({ url: fileUrl(sha256(scan)), mimeType: 'application/pdf' });
    // Sent again: the card on file, not a second one.
    const again = await api.form('POST', v.card, form());
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);

    // A photo of the card (a JPEG named .pdf is a JPEG), uploaded before and named by JSON with the device's id.
    const photo = jpeg(2002);
    await putFile(api, photo);
    const id = nanoid();
    const second = await api.post(v.card, { waiverCardId: id, sha256: sha256(photo), filename: 'card-photo.pdf' });
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ waiverCardId: id, mimeType: 'image/jpeg', filename: 'card-photo.pdf' });
    expect(waiverListSchema.parse((await api.get(v.list)).body).waiverCardFile).toEqual({ url: fileUrl(sha256(photo)), mimeType: 'image/jpeg' });
    expect((await api.download(fileUrl(sha256(photo)))).headers.get('content-type')).toBe('image/jpeg');
    // The first card again is a new upload: it becomes the card on file once more.
    expect((await api.form('POST', v.card, form())).status).toBe(201);
    expect(waiverListSchema.parse((await api.get(v.list)).body).waiverCardFile?.mimeType).toBe('application/pdf');
  });

  it('refuses a card it cannot take, and keeps read-only roles and other organizations out', async () => {
    const v = await vehicle();
    const api = env.org.admin.api;
    const bad = async (res: { status: number; body: { errorMessage: string } }, status: number, message: string | RegExp) => {
      expect(res.status, String(message)).toBe(status);
      if (typeof message === 'string') expect(res.body.errorMessage).toBe(message);
      else expect(res.body.errorMessage).toMatch(message);
    };
    await bad(await api.form('POST', v.card, formOf([['card', 'card.pdf', script(2003)]])), 400, FILE_TYPE_MESSAGE.document);
    await bad(await api.form('POST', v.card, formOf([], { waiverCardId: nanoid() })), 400, 'card: Choose a waiver card file to upload');
    await bad(await api.form('POST', v.card, formOf([['file', 'card.pdf', pdf('x')]])), 400, 'Send files in the field card, not file');
    await bad(
      await api.form(
        'POST',
        v.card,
        formOf([
          ['card', 'a.pdf', pdf('a')],
          ['card', 'b.pdf', pdf('b')],
        ]),
      ),
      400,
      'Send at most 1 file at once',
    );
    await bad(await api.form('POST', v.card, formOf([['card', 'a.pdf', pdf('a')]], { waiverCardId: 'bad id!' })), 400, /^waiverCardId: /);
    await bad(await api.post(v.card, { sha256: sha256(png(2004)), filename: 'card.png' }), 400, 'The file card.png has not been uploaded yet');
    await bad(await api.post(v.card, { sha256: 'abc', filename: 'card.png' }), 400, 'sha256: sha256 is 64 lowercase hex digits');
    await bad(await api.post(v.card, { sha256: sha256(png(2004)) }), 400, 'filename: File name is required');
    expect(waiverListSchema.parse((await api.get(v.list)).body).waiverCardFile).toBeNull();

    const w = waiverSchema.parse((await api.post(v.list, { ruleId: 'lights', explanation: 'Lens cracked' })).body);
    const dispatcher = await signedInUser(env.server, env.org.orgId, env.org.sectionId, { role: 'dispatcher' });
    expect((await dispatcher.api.get(v.list)).status).toBe(200);
    expect((await dispatcher.api.post(v.list, { ruleId: 'lights', explanation: 'x' })).status).toBe(403);
    expect((await dispatcher.api.patch(v.item(w.waiverId), { status: 'fixed' })).status).toBe(403);
    expect((await dispatcher.api.delete(v.item(w.waiverId))).status).toBe(403);
    expect((await dispatcher.api.form('POST', v.card, formOf([['card', 'card.pdf', pdf('d')]]))).status).toBe(403);

    const other = await orgWithAdmin(env.server);
    expect((await other.admin.api.get(v.list)).status).toBe(404);
    expect((await other.admin.api.post(v.list, { ruleId: 'lights', explanation: 'x' })).status).toBe(404);
    expect((await other.admin.api.patch(v.item(w.waiverId), { status: 'fixed' })).status).toBe(404);
    expect((await other.admin.api.delete(v.item(w.waiverId))).status).toBe(404);
    expect((await other.admin.api.form('POST', v.card, formOf([['card', 'card.pdf', pdf('o')]]))).status).toBe(404);
    expect(waiverListSchema.parse((await api.get(v.list)).body)).toEqual({ waiveredItems: [{ ...w, pictures: [] }], waiverCardFile: null });
  });
});
