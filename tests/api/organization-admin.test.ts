import { describe, expect, it } from 'vitest';
import { nanoid } from 'nanoid';
import { SHIFT_DAYS } from '../../core/schema/organization.ts';
import {
  MEL_EXISTS_FOR_SECTION,
  MEL_EXISTS_FOR_VEHICLE_TYPE,
  NEW_SECTION_DUPLICATED,
  NEW_VEHICLE_TYPE_DUPLICATED,
  organizationDetailSchema,
  orgAdminPaths as paths,
  PRIMARY_CONTACT_NOT_VCO,
  SECTION_EXISTS_MESSAGE,
  sectionDetailSchema,
  TIME_ZONE_VCO_ONLY,
  unknownTimeZoneMessage,
} from '../../core/schema/organization-admin.ts';
import { VEHICLE_TYPE_EXISTS_MESSAGE } from '../../core/schema/vehicle.ts';
import { pushResponseSchema } from '../../core/schema/sync.ts';
import { createUser, createVehicle } from '../support/factories.ts';
import { orgWithAdmin, signedInUser, useServerWithOrg, type OrgWithAdmin } from '../support/session.ts';
import { openStream } from '../support/stream.ts';
import { pullAll } from '../support/sync.ts';
import { streamTicketSchema } from '../../core/schema/stream.ts';

const env = useServerWithOrg();

/** A week of shifts: 0600z-1400z, 1400z-2200z, 2200z-0600z every day. */
const week = () =>
  SHIFT_DAYS.map((day) => ({
    day,
    shifts: [
      { shift: 1, start: '0600z', end: '1400z' },
      { shift: 2, start: '1400z', end: '2200z' },
      { shift: 3, start: '2200z', end: '0600z' },
    ],
  }));

const sectionsPath = paths.sections.build({});
const melsPath = paths.mels.build({});
const contactPath = paths.contact.build({});
const typesPath = '/data/v2/vehicles/types';

/** A fresh organization: its administrator (vco) and the organization's own paths. */
async function freshOrg(): Promise<OrgWithAdmin & { orgPath: string; shiftsPath: string }> {
  const org = await orgWithAdmin(env.server);
  return { ...org, orgPath: paths.organization.build({ orgId: org.orgId }), shiftsPath: paths.shifts.build({ orgId: org.orgId }) };
}

const messageOf = (res: { body: { errorMessage?: string } }) => res.body.errorMessage;

describe('organization options (part 2 §7: organization, shifts, contacts)', () => {
  it('reads the organization with its sections, active users and MELs, and its info', async () => {
    const org = await freshOrg();
    await signedInUser(env.server, org.orgId, org.sectionId, { role: 'jrSuper', firstName: 'Ann', lastName: 'Baker' });
    await createUser(env.server.ctx, org.orgId, org.sectionId, { role: 'dispatcher', active: false });
    const res = await org.admin.api.get(org.orgPath);
    expect(res.status).toBe(200);
    const detail = organizationDetailSchema.parse(res.body);
    expect(detail).toMatchObject({ orgId: org.orgId, eolLeadTime: 30, contactInfo: [{ primaryContactUserId: null }] });
    expect(detail.sections).toHaveLength(1);
    expect(detail.sections[0]!.activeUsers.map((u) => u.lastName).sort()).toEqual(['Baker', 'vco']);
    expect(detail.sections[0]!.mel).toEqual([]);

    const info = await org.admin.api.get(paths.info.build({ orgId: org.orgId }));
    expect(info.body).toEqual({ orgId: org.orgId, name: detail.name, location: null });
    const listed = await org.admin.api.get(sectionsPath);
    expect(listed.body.map((s: unknown) => sectionDetailSchema.parse(s))).toEqual(detail.sections);
  });

  it('changes lead times, whole days 0 to 180, only the fields sent', async () => {
    const org = await freshOrg();
    const { cursor } = await pullAll(org.admin.api);
    const res = await org.admin.api.patch(org.orgPath, { mxLeadTime: 0, pmiLeadTime: 180 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ mxLeadTime: 0, pmiLeadTime: 180, eolLeadTime: 30, tdyLeadTime: 7 });
    const { rows } = await pullAll(org.admin.api, { cursor });
    expect(rows.get(`organizations/${org.orgId}`)?.data).toMatchObject({ mxLeadTime: 0, pmiLeadTime: 180 });

    const cases: [unknown, string][] = [
      [{ mxLeadTime: 181 }, 'mxLeadTime: Lead times are at most 180 days'],
      [{ washLeadTime: -1 }, 'washLeadTime: Lead times cannot be negative'],
      [{ ltiLeadTime: 1.5 }, 'ltiLeadTime: Lead times are whole days'],
      [{ eolLeadTime: '7' }, expect.stringMatching(/^eolLeadTime: /) as unknown as string],
      [{}, 'Nothing to update'],
      [{ name: 'Renamed' }, expect.stringMatching(/name/) as unknown as string],
    ];
    for (const [body, message] of cases) {
      const bad = await org.admin.api.patch(org.orgPath, body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(messageOf(bad)).toEqual(message);
    }
    expect((await org.admin.api.get(org.orgPath)).body).toMatchObject({ mxLeadTime: 0, pmiLeadTime: 180, name: expect.stringMatching(/^Org /) });
  });

  it('keeps the time zone: an IANA name in its canonical spelling, changed by the vco alone, anything else refused', async () => {
    const org = await freshOrg();
    expect((await org.admin.api.get(org.orgPath)).body).toMatchObject({ timeZone: null });
    const { cursor } = await pullAll(org.admin.api);
    const res = await org.admin.api.patch(org.orgPath, { timeZone: 'asia/tokyo' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ timeZone: 'Asia/Tokyo', eolLeadTime: 30 });
    const { rows } = await pullAll(org.admin.api, { cursor });
    expect(rows.get(`organizations/${org.orgId}`)?.data).toMatchObject({ timeZone: 'Asia/Tokyo' });

    for (const [zone, message] of [
      ['Asia/Tokio', unknownTimeZoneMessage('Asia/Tokio')],
      ['', unknownTimeZoneMessage('')],
      [9, 'timeZone: Time zone must be a name such as Asia/Tokyo'],
    ] as const) {
      const bad = await org.admin.api.patch(org.orgPath, { timeZone: zone });
      expect(bad.status, String(zone)).toBe(400);
      expect(messageOf(bad)).toBe(message.startsWith('timeZone: ') ? message : `timeZone: ${message}`);
    }
    const lead = await signedInUser(env.server, org.orgId, org.sectionId, { role: 'sectionLead' });
    const refused = await lead.api.patch(org.orgPath, { timeZone: 'America/Anchorage' });
    expect(refused.status).toBe(403);
    expect(messageOf(refused)).toBe(TIME_ZONE_VCO_ONLY);
    expect((await lead.api.patch(org.orgPath, { mxLeadTime: 3 })).status).toBe(200);
    expect((await org.admin.api.get(org.orgPath)).body).toMatchObject({ timeZone: 'Asia/Tokyo', mxLeadTime: 3 });
  });

  it('replaces the shift times: seven days of three shifts, each with a start and an end in UTC', async () => {
    const org = await freshOrg();
    expect((await org.admin.api.get(org.shiftsPath)).body).toEqual({ shifts: [] });
    const shifts = week();
    shifts[1]!.shifts.reverse();
    const res = await org.admin.api.call('PUT', org.shiftsPath, { shifts });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ shifts: week() });
    expect((await org.admin.api.get(org.shiftsPath)).body).toEqual({ shifts: week() });
    expect((await org.admin.api.get(org.orgPath)).body.shiftTimes).toEqual(week());

    const without = (change: (w: ReturnType<typeof week>) => void) => {
      const w = week();
      change(w);
      return { shifts: w };
    };
    const cases: [unknown, RegExp][] = [
      [without((w) => delete (w[0]!.shifts[0] as { start?: string }).start), /^shifts\.0\.shifts\.0\.start: Start time is required$/],
      [without((w) => ((w[0]!.shifts[1] as { end: string }).end = '')), /^shifts\.0\.shifts\.1\.end: End time is required$/],
      [without((w) => ((w[2]!.shifts[2] as { end: string }).end = '2400z')), /^shifts\.2\.shifts\.2\.end: Shift times are HHmm followed by z, in UTC$/],
      [without((w) => w[3]!.shifts.pop()), /^shifts\.3\.shifts: Each day has three shifts$/],
      [without((w) => (w[3]!.shifts[2]!.shift = 1)), /^shifts\.3\.shifts: Each day has shifts 1, 2 and 3, once each$/],
      [without((w) => w.pop()), /^shifts: Shift times are given for all seven days$/],
      [without((w) => (w[6]!.day = 'Monday')), /^shifts: Each day of the week is given once$/],
    ];
    for (const [body, message] of cases) {
      const bad = await org.admin.api.call('PUT', org.shiftsPath, body);
      expect(bad.status).toBe(400);
      expect(messageOf(bad)).toMatch(message);
    }
    expect((await org.admin.api.get(org.shiftsPath)).body).toEqual({ shifts: week() });
  });

  it('changes contact information: only the fields sent, phones US style, the primary contact a VCO', async () => {
    const org = await freshOrg();
    const otherVco = await signedInUser(env.server, org.orgId, org.sectionId, { role: 'vco' });
    const lead = await signedInUser(env.server, org.orgId, org.sectionId, { role: 'sectionLead' });
    const gone = await createUser(env.server.ctx, org.orgId, org.sectionId, { role: 'vco', active: false });
    const { cursor } = await pullAll(org.admin.api);
    const res = await org.admin.api.patch(contactPath, { primaryContactUserId: otherVco.userId, basePhoneNumber: '+1 (555) 123-4567' });
    expect(res.status).toBe(200);
    expect(res.body.contactInfo).toEqual([{ primaryContactUserId: otherVco.userId, primaryContactPhoneNumber: null, basePhoneNumber: '+1 (555) 123-4567' }]);
    const phone = await org.admin.api.patch(contactPath, { primaryContactPhoneNumber: ' 555.987.6543 ' });
    expect(phone.body.contactInfo[0]).toEqual({
      primaryContactUserId: otherVco.userId,
      primaryContactPhoneNumber: '555.987.6543',
      basePhoneNumber: '+1 (555) 123-4567',
    });
    const { rows } = await pullAll(org.admin.api, { cursor });
    expect(rows.get(`organizations/${org.orgId}`)?.data).toMatchObject({ contactInfo: phone.body.contactInfo });

    const cases: [unknown, string][] = [
      [{ primaryContactPhoneNumber: '555-1234' }, 'primaryContactPhoneNumber: Primary Contact Phone Number 555-1234 invalid.'],
      [{ basePhoneNumber: 'call me' }, 'basePhoneNumber: Base Phone Number call me invalid.'],
      [{ primaryContactUserId: lead.userId }, `primaryContactUserId: ${PRIMARY_CONTACT_NOT_VCO}`],
      [{ primaryContactUserId: gone.userId }, `primaryContactUserId: ${PRIMARY_CONTACT_NOT_VCO}`],
      [{ primaryContactUserId: 'nobody' }, `primaryContactUserId: ${PRIMARY_CONTACT_NOT_VCO}`],
      [{}, 'Nothing to update'],
    ];
    for (const [body, message] of cases) {
      const bad = await org.admin.api.patch(contactPath, body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(messageOf(bad)).toBe(message);
    }
    // Null or an empty text clears a field.
    const cleared = await org.admin.api.patch(contactPath, { basePhoneNumber: '', primaryContactUserId: null });
    expect(cleared.body.contactInfo[0]).toEqual({ primaryContactUserId: null, primaryContactPhoneNumber: '555.987.6543', basePhoneNumber: null });
  });
});

describe('sections and MELs (part 2 §7: sections, MEL, vehicle types)', () => {
  it('creates, renames and deletes a section, each change in the pull at once', async () => {
    const org = await freshOrg();
    const { cursor } = await pullAll(org.admin.api);
    const created = await org.admin.api.post(sectionsPath, { sectionName: '  Bravo  ' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ sectionId: expect.any(String), sectionName: 'Bravo' });
    const { sectionId } = created.body as { sectionId: string };
    const pulled = await pullAll(org.admin.api, { cursor });
    expect(pulled.rows.get(`sections/${sectionId}`)?.data).toEqual({ sectionId, sectionName: 'Bravo' });

    const item = paths.section.build({ sectionId });
    const renamed = await org.admin.api.patch(item, { sectionName: 'Charlie' });
    expect(renamed.body).toEqual({ sectionId, sectionName: 'Charlie' });
    // Another spelling of its own name is no duplicate.
    expect((await org.admin.api.patch(item, { sectionName: 'CHARLIE' })).body.sectionName).toBe('CHARLIE');
    const after = await pullAll(org.admin.api, { cursor: pulled.cursor });
    expect(after.rows.get(`sections/${sectionId}`)?.data).toEqual({ sectionId, sectionName: 'CHARLIE' });

    const deleted = await org.admin.api.delete(item);
    expect(deleted.status).toBe(204);
    const gone = await pullAll(org.admin.api, { cursor: after.cursor });
    expect(gone.pages.flatMap((p) => p.changes).find((c) => c.id === sectionId)).toMatchObject({ t: 'sections', op: 'delete' });
    expect((await org.admin.api.get(sectionsPath)).body.map((s: { sectionName: string }) => s.sectionName)).toEqual(['Alpha']);
    expect((await org.admin.api.delete(item)).status).toBe(404);
    expect((await org.admin.api.patch(item, { sectionName: 'Delta' })).status).toBe(404);
  });

  it('refuses a bad or duplicate section name with the spec’s messages', async () => {
    const org = await freshOrg();
    const bravo = (await org.admin.api.post(sectionsPath, { sectionName: 'Bravo' })).body as { sectionId: string };
    const cases: [string, unknown, number, string][] = [
      ['POST', { sectionName: ' ALPHA ' }, 409, SECTION_EXISTS_MESSAGE],
      ['POST', {}, 400, 'sectionName: Section name is required'],
      ['POST', { sectionName: '   ' }, 400, 'sectionName: Section name is required'],
      ['POST', { sectionName: 'x'.repeat(50) }, 400, 'sectionName: Name must be less than 50 characters in length.'],
      ['PATCH', { sectionName: 'alpha' }, 409, SECTION_EXISTS_MESSAGE],
      ['PATCH', { sectionName: 'y'.repeat(50) }, 400, 'sectionName: Name must be less than 50 characters in length.'],
    ];
    for (const [method, body, status, message] of cases) {
      const res = await org.admin.api.call(method, method === 'POST' ? sectionsPath : paths.section.build({ sectionId: bravo.sectionId }), body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(messageOf(res)).toBe(message);
    }
    // A name at the limit is fine.
    expect((await org.admin.api.post(sectionsPath, { sectionName: 'z'.repeat(49) })).status).toBe(201);
    expect((await org.admin.api.get(sectionsPath)).body.map((s: { sectionName: string }) => s.sectionName)).toEqual(['Alpha', 'Bravo', 'z'.repeat(49)]);
  });

  it('creates under the id the device chose, once: the id again is 409, a pushed retry is a duplicate', async () => {
    const org = await freshOrg();
    const sectionId = nanoid();
    expect((await org.admin.api.post(sectionsPath, { sectionId, sectionName: 'Echo' })).body).toEqual({ sectionId, sectionName: 'Echo' });
    const again = await org.admin.api.post(sectionsPath, { sectionId, sectionName: 'Foxtrot' });
    expect(again.status).toBe(409);
    expect(messageOf(again)).toBe('A section with this id exists already');

    const melId = nanoid();
    const clientId = nanoid();
    const batch = {
      clientId,
      mutations: [
        { id: nanoid(), seq: 1, name: 'createSection', request: { method: 'POST', path: sectionsPath, body: { sectionId: nanoid(), sectionName: 'Golf' } } },
        {
          id: nanoid(),
          seq: 2,
          name: 'addSectionMels',
          request: { method: 'POST', path: paths.sectionMels.build({ sectionId }), body: { mels: [{ melId, vehicleType: 'Truck', mel: 2 }] } },
        },
      ],
    };
    const first = pushResponseSchema.parse((await org.admin.api.post('/data/v1/sync/push', batch)).body);
    expect(first.results.map((r) => r.status)).toEqual(['applied', 'applied']);
    const second = pushResponseSchema.parse((await org.admin.api.post('/data/v1/sync/push', batch)).body);
    expect(second.results.map((r) => r.status)).toEqual(['duplicate', 'duplicate']);
    const detail = organizationDetailSchema.parse((await org.admin.api.get(org.orgPath)).body);
    expect(detail.sections.map((s) => s.sectionName)).toEqual(['Alpha', 'Echo', 'Golf']);
    expect(detail.sections[1]!.mel).toEqual([{ melId, vehicleType: 'Truck', mel: 2 }]);
  });

  it('adds MELs both ways, creating new vehicle types, with the three duplicate messages', async () => {
    const org = await freshOrg();
    const bravo = (await org.admin.api.post(sectionsPath, { sectionName: 'Bravo' })).body.sectionId as string;
    expect((await org.admin.api.post(typesPath, { vehicleType: 'Bus' })).status).toBe(201);
    const { cursor } = await pullAll(org.admin.api);

    // Add Vehicle Type MELs to Alpha: an existing type (any spelling) and a new one.
    const alphaMels = paths.sectionMels.build({ sectionId: org.sectionId });
    const added = await org.admin.api.post(alphaMels, {
      mels: [
        { vehicleType: 'bus', mel: 2 },
        { vehicleType: 'Fire Truck #2', mel: 1 },
      ],
    });
    expect(added.status).toBe(201);
    expect(added.body).toEqual([
      { melId: expect.any(String), sectionId: org.sectionId, vehicleType: 'Bus', mel: 2 },
      { melId: expect.any(String), sectionId: org.sectionId, vehicleType: 'Fire Truck #2', mel: 1 },
    ]);
    expect((await org.admin.api.get(typesPath)).body).toEqual(['Bus', 'Fire Truck #2']);

    // Add Section MELs of a vehicle type: Bravo only (Alpha has one).
    const byType = await org.admin.api.post(melsPath, { vehicleType: 'Bus', mels: [{ sectionId: bravo, mel: 3 }] });
    expect(byType.status).toBe(201);
    expect(byType.body).toEqual([{ melId: expect.any(String), sectionId: bravo, vehicleType: 'Bus', mel: 3 }]);

    const { rows } = await pullAll(org.admin.api, { cursor });
    expect([...rows.values()].filter((c) => c.t === 'sectionMels').map((c) => c.data)).toHaveLength(3);
    expect([...rows.values()].filter((c) => c.t === 'vehicleTypes').map((c) => (c.data as { vehicleType: string }).vehicleType)).toEqual(['Fire Truck #2']);

    const cases: [string, unknown, number, string][] = [
      [alphaMels, { mels: [{ vehicleType: 'BUS', mel: 1 }] }, 409, MEL_EXISTS_FOR_SECTION],
      [
        alphaMels,
        {
          mels: [
            { vehicleType: 'Van', mel: 1 },
            { vehicleType: ' van ', mel: 2 },
          ],
        },
        400,
        `mels.1.vehicleType: ${NEW_VEHICLE_TYPE_DUPLICATED}`,
      ],
      [melsPath, { vehicleType: 'bus', mels: [{ sectionId: org.sectionId, mel: 1 }] }, 409, MEL_EXISTS_FOR_VEHICLE_TYPE],
      [
        melsPath,
        {
          vehicleType: 'Van',
          mels: [
            { sectionId: bravo, mel: 1 },
            { sectionId: bravo, mel: 2 },
          ],
        },
        400,
        `mels.1.sectionId: ${NEW_SECTION_DUPLICATED}`,
      ],
      [alphaMels, { mels: [{ vehicleType: 'Van', mel: 0 }] }, 400, 'mels.0.mel: MEL must be at least 1'],
      [alphaMels, { mels: [{ vehicleType: 'Van', mel: -2 }] }, 400, 'mels.0.mel: MEL must be at least 1'],
      [alphaMels, { mels: [{ vehicleType: 'Van', mel: 1.5 }] }, 400, 'mels.0.mel: MEL must be a whole number'],
      [alphaMels, { mels: [{ vehicleType: 'Van' }] }, 400, 'mels.0.mel: MEL is required'],
      [alphaMels, { mels: [] }, 400, 'mels: Add at least one MEL'],
      [alphaMels, { mels: [{ vehicleType: 'x'.repeat(50), mel: 1 }] }, 400, 'mels.0.vehicleType: Name must be less than 50 characters in length.'],
      [melsPath, { vehicleType: 'Van', mels: [{ sectionId: 'no-such-section', mel: 1 }] }, 404, 'No such section in your organization'],
      [paths.sectionMels.build({ sectionId: 'no-such-section' }), { mels: [{ vehicleType: 'Van', mel: 1 }] }, 404, 'No such section in your organization'],
    ];
    for (const [at, body, status, message] of cases) {
      const res = await org.admin.api.post(at, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(messageOf(res)).toBe(message);
    }
    // A refused add created no type.
    expect((await org.admin.api.get(typesPath)).body).toEqual(['Bus', 'Fire Truck #2']);
    // The vehicle type's own duplicate message (POST /data/v2/vehicles/types, New Vehicle Type).
    const dupType = await org.admin.api.post(typesPath, { vehicleType: 'fire truck #2' });
    expect(dupType.status).toBe(409);
    expect(messageOf(dupType)).toBe(VEHICLE_TYPE_EXISTS_MESSAGE);
  });

  it('edits and removes a MEL; a section is deleted only without MELs, active users and vehicles', async () => {
    const org = await freshOrg();
    const bravo = (await org.admin.api.post(sectionsPath, { sectionName: 'Bravo' })).body.sectionId as string;
    const [mel] = (await org.admin.api.post(paths.sectionMels.build({ sectionId: bravo }), { mels: [{ vehicleType: 'Truck', mel: 2 }] })).body as {
      melId: string;
    }[];
    const melItem = paths.mel.build({ melId: mel!.melId });
    const { cursor } = await pullAll(org.admin.api);

    const edited = await org.admin.api.patch(melItem, { mel: 5 });
    expect(edited.body).toEqual({ melId: mel!.melId, sectionId: bravo, vehicleType: 'Truck', mel: 5 });
    expect((await org.admin.api.patch(melItem, { mel: 0 })).body.errorMessage).toBe('mel: MEL must be at least 1');
    const pulled = await pullAll(org.admin.api, { cursor });
    expect(pulled.rows.get(`sectionMels/${mel!.melId}`)?.data).toMatchObject({ mel: 5 });

    const sectionItem = paths.section.build({ sectionId: bravo });
    const withMel = await org.admin.api.delete(sectionItem);
    expect(withMel.status).toBe(409);
    expect(messageOf(withMel)).toBe('Section Bravo has MELs. Remove them before deleting the section.');
    expect((await org.admin.api.delete(melItem)).status).toBe(204);
    expect((await org.admin.api.delete(melItem)).status).toBe(404);
    expect((await org.admin.api.patch(melItem, { mel: 1 })).status).toBe(404);
    const removed = await pullAll(org.admin.api, { cursor: pulled.cursor });
    expect(removed.pages.flatMap((p) => p.changes).find((c) => c.id === mel!.melId)).toMatchObject({ t: 'sectionMels', op: 'delete' });

    const member = await signedInUser(env.server, org.orgId, bravo, { role: 'jrSuper' });
    const withUser = await org.admin.api.delete(sectionItem);
    expect(withUser.status).toBe(409);
    expect(messageOf(withUser)).toBe('Section Bravo has active users. Move them to another section before deleting it.');
    // Section Leads do not change users: the administrator moves them (an inactive user does not count).
    expect((await org.admin.api.patch(`/auth/users/${member.userId}`, { active: false })).status).toBe(200);
    const vehicle = await createVehicle(env.server.ctx, org.orgId, bravo);
    const withVehicle = await org.admin.api.delete(sectionItem);
    expect(withVehicle.status).toBe(409);
    expect(messageOf(withVehicle)).toBe('Section Bravo has vehicles. Move them to another section before deleting it.');
    expect((await org.admin.api.patch(`/data/v2/vehicles/${vehicle.vehicleId}`, { sectionId: org.sectionId })).status).toBe(200);
    expect((await org.admin.api.delete(sectionItem)).status).toBe(204);
  });
});

describe('other devices hear of a change at once', () => {
  it('pokes every device of the organization through the live stream after each write, at the write’s revision', async () => {
    const org = await freshOrg();
    const lead = await signedInUser(env.server, org.orgId, org.sectionId, { role: 'sectionLead' });
    const stream = await openStream(env.server.baseUrl, streamTicketSchema.parse((await lead.api.get('/stream/ticket')).body).ticket);
    await stream.next((m) => m.type === 'poke');
    const writes = [
      () => org.admin.api.post(sectionsPath, { sectionName: 'Bravo' }),
      () => org.admin.api.patch(org.orgPath, { washLeadTime: 3 }),
      () => org.admin.api.call('PUT', org.shiftsPath, { shifts: week() }),
      () => org.admin.api.patch(contactPath, { basePhoneNumber: '555-222-3333' }),
      () => org.admin.api.post(paths.sectionMels.build({ sectionId: org.sectionId }), { mels: [{ vehicleType: 'Truck', mel: 1 }] }),
    ];
    for (const write of writes) {
      const res = await write();
      expect(res.status).toBeLessThan(300);
      const rev = Number(res.headers.get('x-revision'));
      expect(rev).toBeGreaterThan(0);
      await stream.next((m) => m.type === 'poke' && m.rev >= rev);
    }
    stream.close();
  });
});

describe('Section MEL update (part 2 §7: body sectionId, sectionName, mel array)', () => {
  it('sets, adds and removes MELs by vehicle type, renames when the name differs, and lands the same when retried', async () => {
    const org = await freshOrg();
    const at = paths.sectionMels.build({ sectionId: org.sectionId });
    await org.admin.api.post(at, {
      mels: [
        { vehicleType: 'Bus', mel: 2 },
        { vehicleType: 'Truck', mel: 1 },
        { vehicleType: 'Van', mel: 4 },
      ],
    });
    const { cursor } = await pullAll(org.admin.api);
    const body = {
      sectionId: org.sectionId,
      sectionName: 'Alpha Flight',
      mel: [
        { vehicleType: 'bus', mel: 3 },
        { vehicleType: 'Truck' },
        { vehicleType: 'Van', mel: null },
        { vehicleType: 'Loader', mel: 1 },
        { vehicleType: 'Crane' },
      ],
    };
    const res = await org.admin.api.patch(at, body);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      sectionId: org.sectionId,
      sectionName: 'Alpha Flight',
      mel: [
        { melId: expect.any(String), sectionId: org.sectionId, vehicleType: 'Bus', mel: 3 },
        { melId: expect.any(String), sectionId: org.sectionId, vehicleType: 'Loader', mel: 1 },
      ],
    });
    expect((await org.admin.api.get(typesPath)).body).toEqual(['Bus', 'Loader', 'Truck', 'Van']);
    const { rows, pages } = await pullAll(org.admin.api, { cursor });
    expect(rows.get(`sections/${org.sectionId}`)?.data).toEqual({ sectionId: org.sectionId, sectionName: 'Alpha Flight' });
    expect(pages.flatMap((p) => p.changes).filter((c) => c.t === 'sectionMels' && c.op === 'delete')).toHaveLength(2);
    expect((await org.admin.api.patch(at, body)).body).toEqual(res.body);

    const cases: [unknown, number, string][] = [
      [{ sectionId: 'another', mel: [] }, 400, 'sectionId: The section id differs from the path'],
      [
        {
          mel: [
            { vehicleType: 'Bus', mel: 1 },
            { vehicleType: 'BUS ', mel: 2 },
          ],
        },
        400,
        `mel.1.vehicleType: ${NEW_VEHICLE_TYPE_DUPLICATED}`,
      ],
      [{ mel: [{ vehicleType: 'Bus', mel: 0 }] }, 400, 'mel.0.mel: MEL must be at least 1'],
      [{ sectionName: 'x'.repeat(50), mel: [] }, 400, 'sectionName: Name must be less than 50 characters in length.'],
      [{ mel: 'Bus' }, 400, expect.stringMatching(/^mel: /) as unknown as string],
    ];
    for (const [bad, status, message] of cases) {
      const refused = await org.admin.api.patch(at, bad);
      expect(refused.status, JSON.stringify(bad)).toBe(status);
      expect(messageOf(refused)).toEqual(message);
    }
    await org.admin.api.post(sectionsPath, { sectionName: 'Bravo' });
    const dup = await org.admin.api.patch(at, { sectionName: 'BRAVO', mel: [{ vehicleType: 'Bus', mel: 9 }] });
    expect(dup.status).toBe(409);
    expect(messageOf(dup)).toBe(SECTION_EXISTS_MESSAGE);
    expect((await org.admin.api.get(sectionsPath)).body[0]).toMatchObject({ sectionName: 'Alpha Flight', mel: [{ mel: 3 }, { mel: 1 }] });
  });
});

describe('who may do what (part 2 §6)', () => {
  it('lets vco and sectionLead manage lead times, sections and MELs; only vco shift times and contacts; the others read', async () => {
    const org = await freshOrg();
    const as = async (role: 'vco' | 'sectionLead' | 'jrSuper' | 'dispatcher' | 'inspector') =>
      (await signedInUser(env.server, org.orgId, org.sectionId, { role })).api;
    const users = {
      vco: await as('vco'),
      sectionLead: await as('sectionLead'),
      jrSuper: await as('jrSuper'),
      dispatcher: await as('dispatcher'),
      inspector: await as('inspector'),
    };
    const bravo = (await org.admin.api.post(sectionsPath, { sectionName: 'Bravo' })).body.sectionId as string;
    const [mel] = (await org.admin.api.post(paths.sectionMels.build({ sectionId: bravo }), { mels: [{ vehicleType: 'Truck', mel: 2 }] })).body as {
      melId: string;
    }[];

    let n = 0;
    const writes = () => {
      n++;
      return {
        leadTimes: ['PATCH', org.orgPath, { tdyLeadTime: n }],
        createSection: ['POST', sectionsPath, { sectionName: `New ${n}` }],
        renameSection: ['PATCH', paths.section.build({ sectionId: bravo }), { sectionName: `Bravo ${n}` }],
        addSectionMels: ['POST', paths.sectionMels.build({ sectionId: bravo }), { mels: [{ vehicleType: `Type ${n}`, mel: 1 }] }],
        addTypeMels: ['POST', melsPath, { vehicleType: `Kind ${n}`, mels: [{ sectionId: bravo, mel: 1 }] }],
        editMel: ['PATCH', paths.mel.build({ melId: mel!.melId }), { mel: n }],
        sectionMelUpdate: ['PATCH', paths.sectionMels.build({ sectionId: bravo }), { mel: [{ vehicleType: 'Truck', mel: n }] }],
        shifts: ['PUT', org.shiftsPath, { shifts: week() }],
        contact: ['PATCH', contactPath, { basePhoneNumber: `555-000-${String(1000 + n)}` }],
      } as const;
    };
    const VCO_ONLY = ['shifts', 'contact'];
    for (const [role, api] of Object.entries(users)) {
      for (const [call, [method, at, body]] of Object.entries(writes())) {
        const res = await api.call(method, at, body);
        const allowed = role === 'vco' || (role === 'sectionLead' && !VCO_ONLY.includes(call));
        expect(res.status, `${role} ${call}: ${JSON.stringify(res.body)}`).toBe(allowed ? (method === 'POST' ? 201 : 200) : 403);
      }
      for (const at of [org.orgPath, org.shiftsPath, sectionsPath, paths.info.build({ orgId: org.orgId })]) {
        expect((await api.get(at)).status, `${role} GET ${at}`).toBe(role === 'inspector' ? 403 : 200);
      }
    }
    // Deletes: a dispatcher and a junior supervisor are refused, a section lead may.
    const empty = (await org.admin.api.post(sectionsPath, { sectionName: 'Empty' })).body.sectionId as string;
    for (const api of [users.dispatcher, users.jrSuper, users.inspector]) {
      expect((await api.delete(paths.section.build({ sectionId: empty }))).status).toBe(403);
      expect((await api.delete(paths.mel.build({ melId: mel!.melId }))).status).toBe(403);
    }
    expect((await users.sectionLead.delete(paths.mel.build({ melId: mel!.melId }))).status).toBe(204);
    expect((await users.sectionLead.delete(paths.section.build({ sectionId: empty }))).status).toBe(204);
  });

  it('keeps other organizations out: their administrator reaches nothing and changes nothing', async () => {
    const org = await freshOrg();
    const other = await freshOrg();
    const bravo = (await org.admin.api.post(sectionsPath, { sectionName: 'Bravo' })).body.sectionId as string;
    const [mel] = (await org.admin.api.post(paths.sectionMels.build({ sectionId: bravo }), { mels: [{ vehicleType: 'Truck', mel: 2 }] })).body as {
      melId: string;
    }[];
    const before = (await org.admin.api.get(org.orgPath)).body;
    const { cursor } = await pullAll(org.admin.api);

    const api = other.admin.api;
    for (const at of [org.orgPath, org.shiftsPath, paths.info.build({ orgId: org.orgId })]) expect((await api.get(at)).status).toBe(403);
    expect((await api.patch(org.orgPath, { mxLeadTime: 1 })).status).toBe(403);
    expect((await api.call('PUT', org.shiftsPath, { shifts: week() })).status).toBe(403);
    expect((await api.patch(paths.section.build({ sectionId: bravo }), { sectionName: 'Mine' })).status).toBe(404);
    expect((await api.delete(paths.section.build({ sectionId: org.sectionId }))).status).toBe(404);
    expect((await api.post(paths.sectionMels.build({ sectionId: bravo }), { mels: [{ vehicleType: 'Van', mel: 1 }] })).status).toBe(404);
    expect((await api.post(melsPath, { vehicleType: 'Van', mels: [{ sectionId: bravo, mel: 1 }] })).status).toBe(404);
    expect((await api.patch(paths.mel.build({ melId: mel!.melId }), { mel: 9 })).status).toBe(404);
    expect((await api.patch(paths.sectionMels.build({ sectionId: bravo }), { mel: [{ vehicleType: 'Truck' }] })).status).toBe(404);
    expect((await api.delete(paths.mel.build({ melId: mel!.melId }))).status).toBe(404);
    // Another organization's id for a new section is taken: 409, nothing changed.
    expect((await api.post(sectionsPath, { sectionId: bravo, sectionName: 'Stolen' })).status).toBe(409);
    // The other organization's own calls change only its own organization.
    expect((await api.patch(contactPath, { basePhoneNumber: '555-111-2222' })).status).toBe(200);
    expect((await api.post(sectionsPath, { sectionName: 'Bravo' })).status).toBe(201);
    expect((await api.get(sectionsPath)).body.map((s: { sectionName: string }) => s.sectionName)).toEqual(['Alpha', 'Bravo']);

    expect((await org.admin.api.get(org.orgPath)).body).toEqual(before);
    const { rows } = await pullAll(org.admin.api, { cursor });
    expect(rows.size).toBe(0);
  });
});
