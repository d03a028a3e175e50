import { createHash } from 'node:crypto';
import { nanoid } from 'nanoid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES } from '../../core/schema/resources.ts';
import { randomWorkflowId } from '../../core/schema/workflow.ts';
import { MUTATORS } from '../../src/data/mutators.ts';
import * as m from '../../src/data/mutators.ts';
import { parseRowKey } from '../../src/db/row-key.ts';
import type { Mutator } from '../../src/sync/mutator.ts';
import { createOrg, createVehicle } from '../support/factories.ts';
import { addInspection, addSections, addWorkflow } from '../support/table-rows.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { signedInUser } from '../support/session.ts';
import { SimDevice } from '../support/sim-device.ts';
import { PushFaults } from '../support/sim-faults.ts';
import { tinyPdf, tinyPng } from '../../server/seed/placeholder-files.ts';

/**
 * Every mutator, applied optimistically on a device, pushed to the real server and pulled back: the
 * row the device showed must be the row the server sent, but for the fields the server decides (a
 * resource contract's serverFields; for the older feeds, listed here with the reason).
 */
const SERVER_DECIDES: Record<string, readonly string[]> = {
  ...Object.fromEntries(RESOURCES.map((r) => [r.feed, r.serverFields])),
  // When the server stored the change, and the audit entries it dates with it.
  vehicles: ['lastModificationDate', 'management', 'status', 'decommissionDate'],
  inspections: ['lastModificationDate'],
  organizations: ['lastModificationDate'],
  workflows: ['lastModificationDate'],
  rules: ['lastModificationDate'],
};

interface Setup {
  device: SimDevice;
  orgId: string;
  sectionIds: [string, string];
  workflowId: number;
  vehicleId: string;
  regNumber: string;
  washId: string;
  mxId: string;
  ltiId: string;
  pmiId: string;
  tdyId: string;
  discrepancyIds: [string, string];
  /** Pictures of discrepancyIds[0] and of waiverIds[0], made through the multipart calls. */
  discrepancyPictureIds: [string, string];
  waiverIds: [string, string];
  waiverPictureIds: [string, string];
  documentIds: [string, string];
  /** An inspection of the vehicle, and a workflow with a pass/fail rule of AF1800 item 2, to amend it by. */
  inspectionId: string;
  amendWorkflowId: number;
  /** The rule rows of workflowId, as the device pulled them (a replace drops them). */
  workflowRuleIds: string[];
  /** A section with no MEL, user or vehicle (to delete), and two MELs of sectionIds[1] (to edit and to delete). */
  emptySectionId: string;
  melIds: [string, string];
  /** Files the server holds and the device's upload queue has sent, by content. */
  files: { png: FileRef; jpegNamedPng: FileRef; pdf: FileRef; cardPdf: FileRef };
}

interface FileRef {
  sha256: string;
  filename: string;
}

/**
 * `standIns`: rows the device shows only until the server's own row arrives under the server's id (a
 * new vehicle type made with a vehicle): the server must hold a row equal to it but for its ids.
 */
type Scenario = (s: Setup) => { args: unknown; standIns?: Record<string, string>; removes?: string[] };

const today = () => new Date().toISOString();

const scenarios: Record<string, Scenario> = {
  updateProfile: (s) => ({ args: { userId: s.device.user.userId, changes: { firstName: 'Parity' } } }),
  saveSetting: (s) => ({ args: { userId: s.device.user.userId, values: { fleetDetailFilter: { filters: [{ id: 'regNumber', value: 'AB' }] } } } }),
  createUser: (s) => ({
    args: {
      userId: nanoid(),
      orgId: s.orgId,
      firstName: 'New',
      lastName: 'Colleague',
      email: `parity-${nanoid(6).toLowerCase()}@example.test`,
      password: 'granite-Harbor-lantern-58',
      role: 'jrSuper',
      isAdmin: false,
      sectionId: s.sectionIds[0],
    },
  }),
  updateUser: (s) => ({ args: { userId: s.device.user.userId, orgId: s.orgId, changes: { lastName: 'Renamed' } } }),
  createVehicle: (s) => ({
    args: {
      vehicleId: nanoid(),
      orgId: s.orgId,
      regNumber: `PAR-${nanoid(5)
        .replace(/[^A-Za-z0-9]/g, 'Q')
        .toUpperCase()}`,
      vehicleType: 'Parity Type',
      newVehicleTypeId: nanoid(),
      sectionId: s.sectionIds[0],
      workflowId: s.workflowId,
      wrm: true,
    },
    standIns: { vehicleTypes: 'vehicleTypeId' },
  }),
  createVehicleType: () => ({ args: { vehicleTypeId: nanoid(), vehicleType: `Type ${nanoid(4).replace(/[^A-Za-z0-9]/g, 'Q')}` } }),
  updateVehicle: (s) => ({
    args: { vehicleId: s.vehicleId, userId: s.device.user.userId, changes: { sectionId: s.sectionIds[1], make: 'Ford', status: 'warning' } },
  }),
  setCommission: (s) => ({ args: { vehicleId: s.vehicleId, decommissioned: true } }),
  addNote: (s) => ({ args: { parentId: s.vehicleId, id: nanoid(), userId: s.device.user.userId, fields: { note: 'Left mirror cracked' } } }),
  scheduleWash: (s) => ({ args: { parentId: s.vehicleId, id: nanoid(), userId: s.device.user.userId, fields: { washDate: '2026-12-01T08:30:00.000Z' } } }),
  updateWash: (s) => ({
    args: { parentId: s.vehicleId, id: s.washId, userId: s.device.user.userId, changes: { completed: true, completionDate: today() } },
  }),
  scheduleMx: (s) => ({ args: { ...record(s), fields: { mxDate: '2026-12-02T00:00:00.000Z', mxType: 'Oil change' } } }),
  updateScheduledMx: (s) => ({ args: { ...record(s, s.mxId), changes: { mxType: 'Brakes', completed: true, completionDate: today() } } }),
  scheduleLti: (s) => ({ args: { ...record(s), fields: { mxDate: '2026-12-03T00:00:00.000Z' } } }),
  updateLti: (s) => ({ args: { ...record(s, s.ltiId), changes: { completed: true, completionDate: today(), passed: true, notes: 'Tyres worn' } } }),
  schedulePmi: (s) => ({ args: { ...record(s), fields: { mxDate: '2026-12-04T00:00:00.000Z' } } }),
  updatePmi: (s) => ({ args: { ...record(s, s.pmiId), changes: { completed: true, completionDate: today(), passed: false } } }),
  createTdy: (s) => ({ args: { ...record(s), fields: { regNumber: s.regNumber, startDate: '2026-12-05', endDate: null, description: 'Exercise' } } }),
  reportDiscrepancy: (s) => ({
    args: { ...record(s), fields: { itemNo: 3, discrepancy: 'Left headlight out', dateDiscovered: '2026-11-23T00:00:00.000Z', reportMiles: 1204 } },
  }),
  updateDiscrepancy: (s) => ({
    args: {
      ...record(s, s.discrepancyIds[0]),
      changes: { workOrder: ' WO-1138 ', af1800StatusCode: 'C-P', workDate: '2026-11-23T00:00:00.000Z', mxUserId: s.device.user.userId, numFixed: 1 },
    },
  }),
  deleteDiscrepancy: (s) => ({ args: { parentId: s.vehicleId, id: s.discrepancyIds[1] } }),
  // Completed alone: both ends fill in today's date, in the organization's zone.
  updateTdy: (s) => ({ args: { ...record(s, s.tdyId), changes: { description: 'Exercise, extended', completed: true } } }),
  addDiscrepancyPicture: (s) => ({ args: { ...picture(s, s.discrepancyIds[0]), fields: { ...s.files.png, annotation: ' Crack, driver side ' } } }),
  captionDiscrepancyPicture: (s) => ({ args: { ...picture(s, s.discrepancyIds[0], s.discrepancyPictureIds[0]), changes: { annotation: 'Close up' } } }),
  deleteDiscrepancyPicture: (s) => ({ args: { parentId: s.discrepancyIds[0], id: s.discrepancyPictureIds[1], pathIds: { vehicleId: s.vehicleId } } }),
  amendInspection: (s) => ({
    args: {
      vehicleId: s.vehicleId,
      inspectionId: s.inspectionId,
      resultId: nanoid(),
      itemNo: 2,
      discrepancy: 'Heater blows cold',
      reportMiles: 4321,
      reportHours: null,
      workflowId: s.amendWorkflowId,
      version: 1,
      userId: s.device.user.userId,
    },
  }),
  // The tablet shows its submission from its own record (src/inspect/drafts.ts), not a mirror row: the
  // parity is that the server takes it as sent (on a workflow other than the vehicle's, as a tablet
  // offline while the office changed it would).
  submitInspection: (s) => ({
    args: {
      vehicleId: s.vehicleId,
      submission: {
        inspectionId: nanoid(),
        version: 1,
        workflowId: s.amendWorkflowId,
        responses: [
          {
            resultId: nanoid(),
            ruleId: 'AF1800-2',
            type: 'passFail',
            result: { isPassing: false, value: false },
            comment: 'Heater blows cold',
            pictures: [s.files.png.sha256],
            answeredAt: new Date(Date.now() - 60_000).toISOString(),
          },
        ],
        inspectionDate: new Date(Date.now() - 300_000).toISOString(),
        completionDate: new Date().toISOString(),
        shift: 2,
        duration: 300,
      },
    },
  }),
  createWaiver: (s) => ({ args: { ...record(s), fields: { ruleId: 'AF1800-7', waiverType: 'fatal', explanation: 'Horn weak' } } }),
  updateWaiver: (s) => ({ args: { ...record(s, s.waiverIds[0]), changes: { status: 'fixed', explanation: 'Horn replaced' } } }),
  deleteWaiver: (s) => ({ args: { parentId: s.vehicleId, id: s.waiverIds[1] } }),
  addWaiverPicture: (s) => ({ args: { ...picture(s, s.waiverIds[0]), fields: s.files.jpegNamedPng } }),
  captionWaiverPicture: (s) => ({ args: { ...picture(s, s.waiverIds[0], s.waiverPictureIds[0]), changes: { annotation: '' } } }),
  deleteWaiverPicture: (s) => ({ args: { parentId: s.waiverIds[0], id: s.waiverPictureIds[1], pathIds: { vehicleId: s.vehicleId } } }),
  uploadWaiverCard: (s) => ({ args: { ...record(s), fields: s.files.cardPdf } }),
  uploadDocument: (s) => ({ args: { ...record(s), fields: { ...s.files.pdf, description: 'Operator manual' } } }),
  updateDocument: (s) => ({ args: { ...record(s, s.documentIds[0]), changes: { description: 'Registration, renewed' } } }),
  deleteDocument: (s) => ({ args: { parentId: s.vehicleId, id: s.documentIds[1] } }),
  createSection: () => ({ args: { sectionId: nanoid(), sectionName: ` Section ${nanoid(4)} ` } }),
  renameSection: (s) => ({ args: { sectionId: s.sectionIds[1], sectionName: 'Bravo Flight' } }),
  deleteSection: (s) => ({ args: { sectionId: s.emptySectionId } }),
  addSectionMels: (s) => ({
    args: {
      sectionId: s.sectionIds[0],
      mels: [
        { melId: nanoid(), vehicleType: 'Parity Bus', mel: 2 },
        { melId: nanoid(), vehicleType: 'Parity Truck', mel: 1 },
      ],
    },
  }),
  addVehicleTypeMels: (s) => ({
    args: {
      vehicleType: 'Parity Forklift',
      mels: [
        { melId: nanoid(), sectionId: s.sectionIds[0], mel: 3 },
        { melId: nanoid(), sectionId: s.sectionIds[1], mel: 4 },
      ],
    },
  }),
  updateMel: (s) => ({ args: { melId: s.melIds[0], mel: 7 } }),
  deleteMel: (s) => ({ args: { melId: s.melIds[1] } }),
  updateLeadTimes: (s) => ({ args: { orgId: s.orgId, changes: { washLeadTime: 9, pmiLeadTime: 0 } } }),
  updateTimeZone: (s) => ({ args: { orgId: s.orgId, timeZone: 'Asia/Tokyo' } }),
  updateShiftTimes: (s) => ({
    args: {
      orgId: s.orgId,
      shifts: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'].map((day) => ({
        day,
        shifts: [
          { shift: 3, start: '2200z', end: '0600z' },
          { shift: 1, start: '0600z', end: '1400z' },
          { shift: 2, start: '1400z', end: '2200z' },
        ],
      })),
    },
  }),
  saveWorkflowAs: (s) => ({
    args: {
      workflowId: randomWorkflowId(),
      title: `Parity ${nanoid(4).replace(/[^A-Za-z0-9]/g, 'Q')}`,
      rules: [
        { ...deviceRule('Horn works'), description: ' Two short blasts ' },
        { ...deviceRule('Tire tread'), ruleType: 'threshold', newRuleType: 'NUMERIC_INPUT', fields: { threshold: 4, absMin: 2, absMax: 10, units: 'mm' } },
        { ...deviceRule('Dropped'), isRemoved: true },
      ],
      regNumbers: [s.regNumber],
      vehicleIds: [s.vehicleId],
      userId: s.device.user.userId,
      at: today(),
    },
  }),
  replaceWorkflow: (s) => ({
    args: {
      workflowId: s.workflowId,
      baseVersion: 1,
      title: 'Daily, replaced',
      rules: [deviceRule('Lights'), { ...deviceRule('Wheel chocks'), ruleType: 'counter', fields: { absMax: 4, target: 2 } }],
      replacedRuleIds: s.workflowRuleIds,
      userId: s.device.user.userId,
      at: today(),
    },
    removes: s.workflowRuleIds.map((id) => `workflowRules:${id}`),
  }),
  deactivateWorkflow: (s) => ({ args: { workflowId: s.workflowId, userId: s.device.user.userId, at: today() } }),
  restoreWorkflow: (s) => ({ args: { workflowId: s.workflowId, userId: s.device.user.userId, at: today() } }),
  addSavedRule: () => ({
    args: { rule: { ...deviceRule('Beacon light'), savedRuleId: nanoid(), newRuleType: 'CUSTOM', description: 'Amber, on the cab' }, at: today() },
  }),
  updateContact: (s) => ({
    args: { orgId: s.orgId, changes: { primaryContactUserId: s.device.user.userId, basePhoneNumber: ' (555) 123-4567 ', primaryContactPhoneNumber: '' } },
  }),
};

/** A new Pass/Fail rule as the editor makes it, with its row's id and its own. */
function deviceRule(title: string) {
  return { workflowRuleId: nanoid(), ruleId: `C-${nanoid(12)}`, title, frequency: 'daily', ruleType: 'passFail', newRuleType: 'PASS_FAIL' };
}

/** A picture of a record of the setup's vehicle (its paths name the vehicle too): a new one, or `id`. */
function picture(s: Setup, parentId: string, id = nanoid()) {
  return { parentId, id, userId: s.device.user.userId, pathIds: { vehicleId: s.vehicleId } };
}

/** A record of the setup's vehicle, made by the device's user: a new one, or `id`. */
function record(s: Setup, id = nanoid()) {
  return { parentId: s.vehicleId, id, userId: s.device.user.userId };
}

function strip(feed: string, row: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!row) return row;
  const copy = { ...row };
  for (const field of SERVER_DECIDES[feed] ?? []) delete copy[field];
  // An amended result is dated when the server stored the amendment.
  if (feed === 'inspections' && Array.isArray(copy.results)) copy.results = copy.results.map(({ amendedAt: _at, ...result }: Record<string, unknown>) => result);
  return copy;
}

let server: TestServer;
let setup: Setup;

beforeAll(async () => {
  server = await startTestServer();
  const { ctx } = server;
  const { orgId, sectionId } = await createOrg(ctx);
  const [section2 = '', emptySectionId = ''] = await addSections(ctx, orgId, ['Bravo', 'Charlie']);
  const workflowId = await addWorkflow(ctx, orgId, { title: 'Daily', rules: [{ ruleId: 'C-daily-mirrors', title: 'Mirrors' }] });
  const amendWorkflowId = await addWorkflow(ctx, orgId, { title: 'Amendable', rules: [{ ruleId: 'AF1800-2', title: 'Air conditioning / heater' }] });
  const vco = await signedInUser(server, orgId, sectionId, { role: 'vco', isAdmin: true, firstName: 'Pat', lastName: 'Rity' });
  const vehicle = await createVehicle(ctx, orgId, sectionId);
  const created = async (path: string, body: object, key: string) => ((await vco.api.post(path, body)).body as Record<string, string>)[key]!;
  const at = (kind: string) => `/data/v1/vehicles/${vehicle.vehicleId}/${kind}`;
  const washId = await created(at('wash'), { washDate: '2026-11-20T08:00:00.000Z' }, 'washId');
  const mxId = await created(at('mx/scheduled'), { mxDate: '2026-11-20T00:00:00.000Z', mxType: 'Tyres' }, 'mxId');
  const ltiId = await created(at('mx/lti'), { mxDate: '2026-11-20T00:00:00.000Z' }, 'ltiId');
  const pmiId = await created(at('mx/pmi'), { mxDate: '2026-11-20T00:00:00.000Z' }, 'pmiId');
  const discrepancy = { itemNo: 2, discrepancy: 'Wiper torn', dateDiscovered: '2026-11-20T00:00:00.000Z' };
  const discrepancyIds: [string, string] = [await created(at('mx/required'), discrepancy, 'mxId'), await created(at('mx/required'), discrepancy, 'mxId')];
  const tdyId = await created('/data/v2/tdy', { regNumber: vehicle.regNumber, startDate: '2026-11-20', description: 'Range' }, 'tdyId');
  const png = (shade: number, name: string) => ({ name, mimeType: 'image/png', buffer: Buffer.from(tinyPng(16, [shade, 20, 40], [90, shade, 10])) });
  const added = async (path: string, field: string, files: ReturnType<typeof png>[], key: string) =>
    ((await vco.api.multipart(path, 'PATCH', { [field]: files })).body as { pictures: Record<string, string>[] }).pictures.map((p) => p[key]!);
  const [p1 = '', p2 = ''] = await added(at(`mx/required/${discrepancyIds[0]}`), 'pictures', [png(1, 'a.png'), png(2, 'b.png')], 'mxPictureId');
  const waiverIds: [string, string] = [
    await created(at('waivers'), { ruleId: 'AF1800-4', explanation: 'Mirror bent' }, 'waiverId'),
    await created(at('waivers'), { ruleId: 'AF1800-5', explanation: 'Seat torn' }, 'waiverId'),
  ];
  const [w1 = '', w2 = ''] = await added(at(`waivers/${waiverIds[0]}`), 'pictures', [png(3, 'c.png'), png(4, 'd.png')], 'waiverPictureId');
  const document = async (text: string) =>
    (
      (await vco.api.multipart(at('files/aux'), 'POST', { file: { name: `${text}.pdf`, mimeType: 'application/pdf', buffer: Buffer.from(tinyPdf(text)) } }))
        .body as { fileId: string }
    ).fileId;
  const documentIds: [string, string] = [await document('Registration'), await document('Insurance')];
  const inspectionId = await addInspection(ctx, orgId, vehicle, {
    date: '2026-11-20T07:00:00.000Z',
    inspector: { userId: vco.userId, name: 'Pat Rity' },
    results: [{ ruleId: 'AF1800-2', isPassing: true, value: true }],
  });
  const mels = (
    await vco.api.post(`/data/v2/organization/sections/${section2}/mels`, {
      mels: [
        { vehicleType: 'Van', mel: 2 },
        { vehicleType: 'Sedan', mel: 1 },
      ],
    })
  ).body as { melId: string }[];
  const melIds: [string, string] = [mels[0]!.melId, mels[1]!.melId];
  // UTC+14: for most of the UTC day the organization's day is the next one, so a mutator that counted
  // "today" by another clock than the zone's would show the device a row the server does not send.
  await vco.api.patch(`/data/v1/organizations/${orgId}`, { timeZone: 'Pacific/Kiritimati' });
  const device = await SimDevice.open(
    'parity',
    { label: 'P', userId: vco.userId, email: vco.email, password: vco.password, orgId, role: 'vco', isAdmin: true },
    server.baseUrl,
    new PushFaults(server.app),
    vco.tokens,
  );
  setup = {
    device,
    orgId,
    sectionIds: [sectionId, section2],
    workflowId,
    vehicleId: vehicle.vehicleId,
    regNumber: vehicle.regNumber,
    washId,
    mxId,
    ltiId,
    pmiId,
    tdyId,
    discrepancyIds,
    discrepancyPictureIds: [p1, p2],
    inspectionId,
    amendWorkflowId,
    workflowRuleIds: [],
    waiverIds,
    waiverPictureIds: [w1, w2],
    documentIds,
    emptySectionId,
    melIds,
    files: {
      png: await uploaded(device, vco.api, tinyPng(24, [9, 9, 9], [200, 9, 9]), 'defect.png'),
      // A JPEG's first bytes under a .png name: the server judges it by content, and so does the device's row.
      jpegNamedPng: await uploaded(device, vco.api, new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]), 'photo.png'),
      pdf: await uploaded(device, vco.api, tinyPdf('Operator manual'), 'manual.pdf'),
      cardPdf: await uploaded(device, vco.api, tinyPdf('Waiver card'), 'card.pdf'),
    },
  };
  await device.pull();
  const dailyRules = await device.db.feed('workflowRules').where('workflowId').equals(workflowId).toArray();
  setup.workflowRuleIds = dailyRules.map((r) => r.id);
});

/**
 * A file as the upload queue leaves it once sent: its bytes on the server (PUT by content) and its blob
 * in the device's queue, finished, so the change naming it goes with the next push.
 */
async function uploaded(
  device: SimDevice,
  api: { bytes: (m: string, p: string, b: Uint8Array) => Promise<{ status: number; body: unknown }> },
  bytes: Uint8Array,
  filename: string,
) {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const res = await api.bytes('PUT', `/data/v1/files/${sha256}`, bytes);
  if (res.status !== 200) throw new Error(`upload ${filename}: ${res.status} ${JSON.stringify(res.body)}`);
  const { mimeType } = res.body as { mimeType: 'image/png' };
  await device.db.blobs.put({
    hash: sha256,
    blob: new Blob([new Uint8Array(bytes)], { type: mimeType }),
    mimeType,
    filename,
    createdAt: new Date().toISOString(),
    uploaded: true,
    state: 'finished',
    sentBytes: bytes.length,
    attempts: 0,
    retryAt: 0,
  });
  return { sha256, filename };
}

afterAll(async () => {
  await setup?.device.destroy();
  await server?.stop({ drop: true });
});

describe('mutator parity: the device shows what the server will store', () => {
  it('has a scenario for every mutator of the app', () => {
    expect(Object.keys(scenarios).sort()).toEqual(MUTATORS.map((mutator) => mutator.name).sort());
    expect(Object.keys(m)).toEqual(expect.arrayContaining(Object.keys(scenarios)));
  });

  it.each(MUTATORS.map((mutator) => [mutator.name, mutator] as const))('%s', async (name, mutator: Mutator<unknown>) => {
    const { device } = setup;
    const { args, standIns = {}, removes = [] } = scenarios[name]!(setup);
    const entry = await device.mutate(mutator, args);
    const shown = await Promise.all(entry.touches.map((key) => rowAt(device, key)));

    await device.drain.wake({ force: true });
    expect(await device.db.rejected.toArray()).toEqual([]);
    await device.pull();
    expect(await device.outbox()).toEqual([]);
    const stored = await Promise.all(entry.touches.map((key) => rowAt(device, key)));

    for (const [i, key] of entry.touches.entries()) {
      const { table } = parseRowKey(key);
      if (name.startsWith('delete') || removes.includes(key)) {
        // Gone at once on the device, and gone from the server's feed after the pull.
        expect(shown[i], key).toBeUndefined();
        expect(stored[i], key).toBeUndefined();
        continue;
      }
      expect(shown[i], `${key}: the device showed no row`).toBeDefined();
      const idField = standIns[table];
      if (idField) {
        const { id: _id, [idField]: _own, ...fields } = shown[i]!;
        expect(await device.db.table(table).toArray(), key).toContainEqual(expect.objectContaining(fields));
      } else {
        expect(strip(table, shown[i]), key).toEqual(strip(table, stored[i]));
      }
    }
  });
});

async function rowAt(device: SimDevice, key: string): Promise<Record<string, unknown> | undefined> {
  const { table, id } = parseRowKey(key);
  return (await device.db.table(table).get(id)) as Record<string, unknown> | undefined;
}
