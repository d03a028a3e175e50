/**
 * The routes the API fuzz test (tests/api/fuzz.test.ts) covers and what a request to each looks
 * like: the routes are read from their declarations (`route(app, { method, url, ... })` under
 * server/), the organization they run against is built here, and every route gets its valid inputs
 * (so that the validator is passed sometimes and the code behind it runs) beside the odd ones.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { nanoid } from 'nanoid';
import { sections } from '../../server/db/schema/index.ts';
import { ROLES } from '../../core/schema/roles.ts';
import { SETTING_FIELDS } from '../../core/schema/settings.ts';
import { LEAD_TIME_FIELDS, SHIFT_DAYS } from '../../core/schema/organization.ts';
import { INT_MAX } from '../../core/schema/common.ts';
import { uploadPath } from '../../core/schema/file.ts';
import { WAIVER_STATUSES, WAIVER_TYPES } from '../../core/schema/waiver.ts';
import type { TestServer } from './server.ts';
import type { OrgWithAdmin } from './session.ts';
import { createOrg, createUser, createVehicle } from './factories.ts';
import { addWorkflow as addWorkflowRows } from './table-rows.ts';
import { pdf, png, sha256 } from './files.ts';
import {
  applyChange,
  bodyChange,
  encodeLoose,
  MALFORMED_BODIES,
  oddBody,
  oddBodyText,
  oddQuery,
  oddSegment,
  oddString,
  oddValue,
  objectOf,
  toJsonText,
  type FuzzValue,
} from './fuzz-values.ts';
import type { RawRequest } from './fuzz-http.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface DeclaredRoute {
  method: string;
  url: string;
  /** Where it is declared, relative to the repository. */
  file: string;
  /** It takes a body: JSON (`body:`) or a file's bytes (`rawBody:`). */
  hasBody: boolean;
  hasQuery: boolean;
}

/** `url` is a literal ('...') or a contract's path (`paths.list.pattern`, `recentNotePath.pattern`). */
const DECLARATION = /route\(\s*app,\s*\{\s*method:\s*'([A-Z]+)',\s*url:\s*(?:'([^']+)'|([\w.!]+)\.pattern)([^}]*)\}/g;

/**
 * A call of registerVehicleRecordRoutes(app, ctx, contract, kind) (server/modules/vehicle-records/routes.ts):
 * GET and POST on the contract's list path, PATCH on its item path.
 */
const RECORD_ROUTES = /registerVehicleRecordRoutes\(\s*app,\s*ctx,\s*(\w+),/g;

/**
 * A call of registerPictureRoutes(app, ctx, contract, kind) (server/modules/pictures/routes.ts): POST
 * on the contract's list path, PATCH (the caption) and DELETE on its item path.
 */
const PICTURE_ROUTES = /registerPictureRoutes\(\s*app,\s*ctx,\s*(\w+),/g;

/** Everything core/schema exports (resource contracts and API paths), to resolve `url: x.pattern`. */
const coreSchema = new Map<string, unknown>();
for (const name of fs.readdirSync(path.join(ROOT, 'core/schema'))) {
  if (!name.endsWith('.ts') || name.endsWith('.test.ts')) continue;
  for (const [key, value] of Object.entries(await import(path.join(ROOT, 'core/schema', name)))) coreSchema.set(key, value);
}

/** The pattern of `expr.pattern` in a module: `paths.list` of the contract the file destructures, or an exported path. */
function patternOf(expr: string, text: string, file: string): string {
  const [head, ...rest] = expr.replace(/!/g, '').split('.');
  const destructured = text.match(new RegExp(`const \\{[^}]*\\b${head}\\b[^}]*\\} = (\\w+);`));
  let value: unknown = coreSchema.get(destructured ? destructured[1]! : head!);
  if (destructured) value = (value as Record<string, unknown> | undefined)?.[head!];
  for (const key of rest) value = (value as Record<string, unknown> | undefined)?.[key];
  const pattern = (value as { pattern?: unknown } | undefined)?.pattern;
  if (typeof pattern !== 'string') throw new Error(`${file}: cannot resolve the route path ${expr}.pattern`);
  return pattern;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/**
 * Every route declared with route() under server/, in file order, but for server/seed's organization
 * factory, which only the e2e suite's server turns on (E2E_ORG_FACTORY).
 */
export function declaredRoutes(): DeclaredRoute[] {
  const found: DeclaredRoute[] = [];
  for (const file of sourceFiles(path.join(ROOT, 'server'))) {
    if (file.includes(`${path.sep}seed${path.sep}`)) continue;
    const text = fs.readFileSync(file, 'utf8');
    // The generic routes' own declarations: their paths are their callers' (RECORD_ROUTES, PICTURE_ROUTES below).
    const generic = /export function register(VehicleRecord|Picture)Routes/.test(text);
    for (const m of generic ? [] : text.matchAll(DECLARATION)) {
      const rest = m[4] ?? '';
      const url = m[2] ?? patternOf(m[3]!, text, file);
      found.push({ method: m[1]!, url, file: path.relative(ROOT, file), hasBody: /\b(body|rawBody):/.test(rest), hasQuery: /\bquery\b/.test(rest) });
    }
    for (const m of text.matchAll(RECORD_ROUTES)) {
      const where = path.relative(ROOT, file);
      const list = patternOf(`${m[1]}.paths.list`, text, file);
      const item = patternOf(`${m[1]}.paths.item`, text, file);
      found.push({ method: 'GET', url: list, file: where, hasBody: false, hasQuery: false });
      found.push({ method: 'POST', url: list, file: where, hasBody: true, hasQuery: false });
      found.push({ method: 'PATCH', url: item, file: where, hasBody: true, hasQuery: false });
    }
    for (const m of text.matchAll(PICTURE_ROUTES)) {
      const where = path.relative(ROOT, file);
      const list = patternOf(`${m[1]}.paths.list`, text, file);
      const item = patternOf(`${m[1]}.paths.item`, text, file);
      found.push({ method: 'POST', url: list, file: where, hasBody: true, hasQuery: false });
      found.push({ method: 'PATCH', url: item, file: where, hasBody: true, hasQuery: false });
      found.push({ method: 'DELETE', url: item, file: where, hasBody: false, hasQuery: false });
    }
  }
  return found;
}

export const routeKey = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

/** What the fuzzed organization holds. */
export interface FuzzWorld {
  orgId: string;
  sectionId: string;
  otherSectionId: string;
  adminId: string;
  /** Users of the organization the fuzz may change (never the administrator it signs in as). */
  victimIds: string[];
  /** A user without an organization (POST /data/v1/organizations/{orgId}/users). */
  orphanId: string;
  vehicleIds: string[];
  /** The vehicles' registrations (TDYs are made by registration). */
  regNumbers: string[];
  /** Discrepancies of the first vehicle (their path's :mxId). */
  discrepancyIds: string[];
  /**
   * Records of the first vehicle, by their id parameter's name (washId, mxId, ltiId, pmiId, tdyId,
   * waiverId, fileId, and the pictures' mxPictureId and waiverPictureId), and the organization's
   * sections and MELs the administration routes change (sectionId, melId).
   */
  recordIds: Record<string, string[]>;
  /** Files the organization holds: a PNG, then a PDF. */
  fileShas: string[];
  /** The records whose pictures the picture routes change (not among those the delete routes pick). */
  pictureParents: { mxId: string; waiverId: string };
  workflowIds: number[];
  inactiveWorkflowId: number;
  otherOrgId: string;
  otherVehicleId: string;
  otherUserId: string;
  /** Cursors the server gave out. */
  cursors: string[];
}

/** A workflow with one yes/no rule for AF1800 item 3, so discrepancies may be reported on its vehicles. */
const addWorkflow = (server: TestServer, orgId: string, active: boolean) =>
  addWorkflowRows(server.ctx, orgId, { title: `Fuzz ${nanoid(6)}`, active, rules: [{ ruleId: 'lights', title: 'Lights', af1800Id: 3 }] });

/** Sections, workflows, vehicles (made through the API, with their history), users, another organization. */
export async function buildWorld(server: TestServer, org: OrgWithAdmin): Promise<FuzzWorld> {
  const { orgId, sectionId } = org;
  const otherSectionId = nanoid();
  await server.ctx.write(orgId, undefined, ({ tx, rev }) => tx.insert(sections).values({ id: otherSectionId, orgId, rev, name: 'Bravo' }));
  const workflowIds = [await addWorkflow(server, orgId, true), await addWorkflow(server, orgId, true)];
  const inactiveWorkflowId = await addWorkflow(server, orgId, false);
  const vehicleIds: string[] = [];
  const regNumbers: string[] = [];
  for (let i = 0; i < 4; i++) {
    const res = await org.admin.api.post('/data/v1/vehicles', {
      regNumber: `FZ-${i}${nanoid(5).replace(/[^A-Za-z0-9]/g, 'Q')}`,
      vehicleType: i % 2 ? 'Truck' : 'Bus',
      sectionId,
      workflowId: workflowIds[i % 2],
      year: 2015,
      make: 'Ford',
      model: 'F-150',
    });
    if (res.status !== 201) throw new Error(`could not make a vehicle: ${res.status} ${JSON.stringify(res.body)}`);
    vehicleIds.push(res.body.vehicleId);
    regNumbers.push(res.body.regNumber);
  }
  const decommissioned = await org.admin.api.delete(`/data/v1/vehicles/${vehicleIds[3]}`);
  if (decommissioned.status !== 200) throw new Error(`could not decommission: ${decommissioned.status}`);
  const note = await org.admin.api.post(`/data/v1/vehicles/${vehicleIds[0]}/notes`, { note: 'Brakes squeak' });
  if (note.status !== 201) throw new Error(`could not add a note: ${note.status}`);
  const first0 = `/data/v1/vehicles/${vehicleIds[0]}`;
  const records: [string, string, object][] = [
    ['washId', `${first0}/wash`, { washDate: '2026-11-30T08:00:00.000Z' }],
    ['mxId', `${first0}/mx/scheduled`, { mxDate: '2026-11-30T00:00:00.000Z', mxType: 'Tyres' }],
    ['ltiId', `${first0}/mx/lti`, { mxDate: '2026-11-30T00:00:00.000Z' }],
    ['pmiId', `${first0}/mx/pmi`, { mxDate: '2026-11-30T00:00:00.000Z' }],
  ];
  const recordIds: Record<string, string[]> = {};
  for (const [key, at, body] of records) {
    const res = await org.admin.api.post(at, body);
    if (res.status !== 201) throw new Error(`could not make a record at ${at}: ${res.status}`);
    recordIds[key] = [res.body[key]];
  }
  const discrepancyIds: string[] = [];
  for (let i = 0; i < 3; i++) {
    const res = await org.admin.api.post(`${first0}/mx/required`, { itemNo: 3, discrepancy: `Lights ${i}`, dateDiscovered: '2026-11-20T08:00:00.000Z' });
    if (res.status !== 201) throw new Error(`could not report a discrepancy: ${res.status} ${JSON.stringify(res.body)}`);
    discrepancyIds.push(res.body.mxId);
  }
  const tdy = await org.admin.api.post('/data/v2/tdy', { regNumber: regNumbers[0], startDate: '2026-11-20', description: 'Range' });
  if (tdy.status !== 201) throw new Error(`could not make a TDY: ${tdy.status}`);
  recordIds.tdyId = [tdy.body.tdyId];
  const fileShas: string[] = [];
  for (const bytes of [png(424_242), pdf('Fuzz document')]) {
    const res = await org.admin.api.bytes('PUT', uploadPath.build({ sha256: sha256(bytes) }), bytes);
    if (res.status !== 200) throw new Error(`could not upload a file: ${res.status} ${JSON.stringify(res.body)}`);
    fileShas.push(res.body.sha256);
  }
  /** Makes a record through the API; answers its id, kept under `key` for the routes with that parameter. */
  const made = async (key: string, at: string, body: object, keep = true) => {
    const res = await org.admin.api.post(at, body);
    if (res.status !== 201) throw new Error(`could not make a record at ${at}: ${res.status} ${JSON.stringify(res.body)}`);
    if (keep) recordIds[key] = [res.body[key]];
    return res.body[key] as string;
  };
  const pictureParents = {
    mxId: await made('mxId', `${first0}/mx/required`, { itemNo: 3, discrepancy: 'Pictured', dateDiscovered: '2026-11-20T08:00:00.000Z' }, false),
    waiverId: await made('waiverId', `${first0}/waivers`, { ruleId: 'lights', explanation: 'Pictured waiver' }, false),
  };
  await made('waiverId', `${first0}/waivers`, { ruleId: 'lights', explanation: 'Fuzz waiver' });
  await made('mxPictureId', `${first0}/mx/required/${pictureParents.mxId}/pictures`, { sha256: fileShas[0], filename: 'fuzz.png' });
  await made('waiverPictureId', `${first0}/waivers/${pictureParents.waiverId}/pictures`, { sha256: fileShas[0], filename: 'fuzz.png' });
  await made('fileId', `${first0}/files/aux`, { sha256: fileShas[1], filename: 'fuzz.pdf', description: 'Fuzz' });
  // Organization administration (issue 19): spare sections to rename and delete, MELs to change.
  const spareSections = [await made('sectionId', '/data/v2/organization/sections', { sectionName: 'Spare 1' }, false)];
  spareSections.push(await made('sectionId', '/data/v2/organization/sections', { sectionName: 'Spare 2' }, false));
  recordIds.sectionId = [otherSectionId, ...spareSections];
  const mels = await org.admin.api.post(`/data/v2/organization/sections/${spareSections[0]}/mels`, {
    mels: [
      { vehicleType: 'Truck', mel: 2 },
      { vehicleType: 'Bus', mel: 1 },
    ],
  });
  if (mels.status !== 201) throw new Error(`could not add MELs: ${mels.status} ${JSON.stringify(mels.body)}`);
  recordIds.melId = (mels.body as { melId: string }[]).map((m) => m.melId);
  const victims = [
    await createUser(server.ctx, orgId, sectionId, { role: 'dispatcher' }),
    await createUser(server.ctx, orgId, sectionId, { role: 'sectionLead', isAdmin: true }),
    await createUser(server.ctx, orgId, null, { role: 'inspector' }),
  ];
  const orphan = await createUser(server.ctx, '', null, { role: null });
  const other = await createOrg(server.ctx, 'Other');
  const otherVehicle = await createVehicle(server.ctx, other.orgId, other.sectionId);
  const otherUser = await createUser(server.ctx, other.orgId, other.sectionId, { role: 'vco', isAdmin: true });
  const first = await org.admin.api.get('/data/v1/sync/pull?limit=3');
  const all = await org.admin.api.get('/data/v1/sync/pull');
  return {
    orgId,
    sectionId,
    otherSectionId,
    adminId: org.admin.userId,
    victimIds: victims.map((v) => v.userId),
    orphanId: orphan.userId,
    vehicleIds,
    regNumbers,
    recordIds,
    fileShas,
    pictureParents,
    discrepancyIds,
    workflowIds,
    inactiveWorkflowId,
    otherOrgId: other.orgId,
    otherVehicleId: otherVehicle.vehicleId,
    otherUserId: otherUser.userId,
    cursors: [first.body.cursor, all.body.cursor].filter((c): c is string => typeof c === 'string'),
  };
}

// ---- valid values -------------------------------------------------------------------------------

const id = fc.stringMatching(/^[A-Za-z0-9_-]{21}$/);
const anyId = fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/);
const regNumber = fc.stringMatching(/^[A-Z0-9]{2,6}[- _][A-Z0-9]{2,7}$/);
const typeName = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 #&()/;-]{0,30}[A-Za-z0-9]$/);
const personName = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }).filter((s) => s.trim().length > 0);
const dateTime = fc.date({ min: new Date('1900-01-02T00:00:00Z'), max: new Date('9999-12-30T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString());
const date = dateTime.map((d) => d.slice(0, 10));
/** A completion date: some time in the last years (a later one is refused). */
const pastDateTime = fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date(), noInvalidDate: true }).map((d) => d.toISOString());
const mxType = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 ,.-]{0,28}$/);
const odometer = fc.oneof(
  fc.integer({ min: 1, max: INT_MAX }),
  fc.integer({ min: 1, max: 9_999_999 }).map((n) => n.toLocaleString('en-US')),
);
const STRONG_PASSWORDS = ['velvet-Canyon-orbit-42', 'copper-Meadow-violin-77', 'quartz-Lagoon-saddle-19'];

/** A valid value with one to `max` of the fields, each valid on its own: edits send only what changed. */
function someOf(fields: Record<string, fc.Arbitrary<FuzzValue>>, max = 3): fc.Arbitrary<FuzzValue> {
  return fc
    .shuffledSubarray(Object.keys(fields), { minLength: 1, maxLength: max })
    .chain((chosen) => fc.tuple(...chosen.map((k) => fields[k]!)).map((values) => objectOf(chosen.map((k, i) => [k, values[i]!]))));
}

/** What the fuzz knows of a route: its valid inputs and how many runs it gets. */
export interface RouteSpec {
  /** Runs in the default (short) run. */
  runs: number;
  /** How often the body is valid, valid with one change, or odd throughout (default 3 : 6 : 3). */
  mix?: [valid: number, changed: number, odd: number];
  /** A valid body, or none for a route that takes none. */
  body?: (w: FuzzWorld) => fc.Arbitrary<FuzzValue>;
  /** The keys a valid body may have (the fields a change picks from). */
  keys?: string[];
  /** Valid query parameters. */
  query?: (w: FuzzWorld) => fc.Arbitrary<Record<string, string>>;
  /** Path parameters this route needs chosen differently from the shared pools. */
  params?: Partial<Record<string, (w: FuzzWorld) => fc.Arbitrary<string>>>;
}

const userPatch = (w: FuzzWorld) =>
  someOf({
    firstName: personName,
    lastName: personName,
    role: fc.constantFrom(...ROLES),
    sectionId: fc.constantFrom<string | null>(w.sectionId, w.otherSectionId, null),
    active: fc.boolean(),
    isAdmin: fc.boolean(),
  });
const USER_PATCH_KEYS = ['firstName', 'lastName', 'role', 'sectionId', 'active', 'isAdmin', 'userId', 'orgId'];

const vehicleCreate = (w: FuzzWorld) =>
  fc.record(
    {
      regNumber,
      vehicleType: fc.oneof(fc.constantFrom('Truck', 'bus', ' Truck '), typeName),
      sectionId: fc.constantFrom(w.sectionId, w.otherSectionId),
      workflowId: fc.constantFrom(...w.workflowIds),
      wrm: fc.boolean(),
      year: fc.option(fc.integer({ min: 1900, max: 2200 })),
      make: fc.option(fc.string({ maxLength: 50 })),
      model: fc.option(fc.string({ maxLength: 50 })),
      eolDate: fc.option(date),
      vehicleId: id,
    },
    { requiredKeys: ['regNumber', 'vehicleType', 'sectionId', 'workflowId'] },
  );

const vehicleUpdate = (w: FuzzWorld) =>
  someOf({
    workflowId: fc.constantFrom(...w.workflowIds, w.inactiveWorkflowId),
    sectionId: fc.constantFrom(w.sectionId, w.otherSectionId),
    hours: odometer,
    miles: odometer,
    status: fc.constantFrom('valid', 'warning', 'invalid', 'inMx'),
    eticDate: fc.option(dateTime),
    regNumber,
    vehicleType: fc.oneof(fc.constantFrom('Truck', 'Bus'), typeName),
    year: fc.option(fc.integer({ min: 1900, max: 2200 })),
    make: fc.option(fc.string({ maxLength: 50 })),
    model: fc.option(fc.string({ maxLength: 50 })),
    wrm: fc.boolean(),
    eolDate: fc.option(date),
  });

/** The pushed mutations: a request to any route with a body, valid, changed or odd, and requests no mutation may make. */
function pushedRequest(w: FuzzWorld, specs: Map<string, RouteSpec>, routes: DeclaredRoute[]): fc.Arbitrary<FuzzValue> {
  const writes = routes.filter((r) => r.method !== 'GET' && !r.url.startsWith('/data/v1/sync/'));
  const toRoute = fc
    .constantFrom(...writes)
    .chain((r) =>
      fc
        .tuple(pathOf(r, specs.get(routeKey(r)), w), bodyValue(r, specs.get(routeKey(r)), w))
        .map(([p, body]): FuzzValue => objectOf([['method', r.method], ['path', p], ...(body === undefined ? [] : [['body', body] as [string, FuzzValue]])])),
    );
  const oddPath = fc.oneof(
    fc.constantFrom(
      '/data/v1/sync/push',
      '/data/v1/sync/pull',
      '/data/v1/SYNC/push',
      '/data/v1/vehicles/../sync/push',
      '/data/v1/%2e%2e/v1/sync/push',
      '/data/v1/sync%2Fpush',
      '/auth/users/self',
      '/auth/session',
      '/data/',
      '/auth',
      'http://evil.test/data/v1/vehicles',
      '//evil.test/data/v1/vehicles',
      '/data/v1/vehicles?x=%zz&x=1',
      '/data/%',
      '/data/v1/vehicles#fragment',
      '/data\\v1\\vehicles',
      `/data/${'a'.repeat(490)}`,
      `/data/${'a'.repeat(600)}`,
    ),
    oddString.map((s) => `/data/${s}`),
    oddString,
  );
  const odd = fc.record(
    { method: fc.oneof(fc.constantFrom('GET', 'post', 'TRACE', 'CONNECT', 'PUT', 'HEAD'), oddValue), path: fc.oneof(oddPath, oddValue), body: oddValue },
    { requiredKeys: [] },
  );
  const request = fc.oneof({ weight: 8, arbitrary: toRoute }, { weight: 1, arbitrary: odd });
  const mutation = fc.record({ id, seq: fc.nat(1_000), name: fc.constantFrom('fuzz', 'updateVehicle', 'createUser'), request });
  // Mostly whole: a mutation without a usable id fails the whole batch, which is checked, but rarely the point.
  const changedMutation = fc.oneof(
    { weight: 6, arbitrary: mutation },
    { weight: 1, arbitrary: fc.tuple(mutation, bodyChange(fc.constantFrom('seq', 'name', 'request'))).map(([m, change]) => applyChange(m, change)) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(mutation, bodyChange(fc.constantFrom('method', 'path', 'body')))
        .map(([m, change]) => objectOf(Object.entries(m).map(([k, v]) => [k, k === 'request' ? applyChange(v, change) : v]))),
    },
  );
  return fc.record({ clientId: id, mutations: fc.array(changedMutation, { minLength: 1, maxLength: 4 }) });
}

/** The valid inputs of every route the fuzz knows; a route declared but missing here is fuzzed with odd input only. */
export function routeSpecs(routes: DeclaredRoute[]): Map<string, RouteSpec> {
  const specs = new Map<string, RouteSpec>();
  const get = (url: string, spec: Partial<RouteSpec> = {}) => specs.set(`GET ${url}`, { runs: 60, ...spec });

  get('/healthz', { runs: 25 });
  get('/readyz', { runs: 25 });
  get('/app-config.json', { runs: 25 });
  get('/Af1800.pdf', { runs: 15 });
  get('/auth/session', { runs: 25 });
  get('/auth/users/self', { runs: 25 });
  get('/auth/users');
  get('/data/v1/organizations/:orgId/users');
  get('/auth/users/:userId/settings', { params: { userId: (w) => fc.constantFrom(w.adminId, w.adminId, w.victimIds[0]!) } });
  get('/data/v2/vehicles/types');
  get('/data/v2/vehicles');
  get('/data/v2/fleet/bulk', { query: () => fc.record({ showArchives: fc.constantFrom('true', 'false') }, { requiredKeys: [] }) });
  get('/data/v1/organizations/:orgId/fleet', { query: (w) => fc.record({ sectionId: fc.constantFrom(w.sectionId, w.otherSectionId) }, { requiredKeys: [] }) });
  get('/data/v1/vehicles/:vehicleId');
  get('/data/v1/vehicles/:vehicleId/workflow');
  get('/data/v1/vehicles/:vehicleId/notes');
  get('/data/v1/vehicles/:vehicleId/notes/recent');
  get('/data/v1/vehicles/:vehicleId/files/af1800/recent');
  get('/data/v1/vehicles/:vehicleId/files/af1800/:year/:month', { runs: 80 });
  get('/data/v1/organizations/:orgId/reports/af1800/:year/:month', { runs: 80 });
  // Insights and the monthly report: days around the limits (2020-01-01, today, the future), dates with a time, reversed ranges.
  const day = fc.oneof(
    fc.constantFrom('2020-01-01', '2019-12-31', '2026-03-01', '2026-03-31', '9999-12-31', '2026-02-30', '2026-03-01T12:00:00Z', '2026-03-01T23:30:00-05:00'),
    fc.date({ min: new Date('2019-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  );
  for (const url of ['/insights/inspect', '/insights/failures/overview', '/insights/failures/perVehicle', '/insights/usage/timeseries', '/insights/usage/excess']) {
    get(url, { runs: 40, query: () => fc.record({ start: day, end: day }, { requiredKeys: [] }) });
  }
  get('/data/v1/organizations/:orgId/reports/monthly', {
    runs: 60,
    query: () => fc.record({ useOverview: fc.constantFrom('false', 'true'), startDate: day, endDate: day }, { requiredKeys: [] }),
  });
  get('/stream/ticket', { runs: 25 });
  get('/data/v1/sync/pull', {
    runs: 120,
    query: (w) =>
      fc.record(
        {
          cursor: fc.oneof(
            fc.constantFrom(...w.cursors, ''),
            // Cursor-shaped: passes the schema, so the cursor checks and the feed query run.
            fc.stringMatching(
              /^(\d{1,15}(:[A-Za-z]{1,12}:[A-Za-z0-9_-]{1,30})?|[A-Za-z0-9_-]{1,32}(~\d{1,15})?\.\d{1,15}(\.[A-Za-z]{1,12}\.[A-Za-z0-9_-]{1,40})?)$/,
            ),
            fc.constantFrom(...w.cursors).map((c) => c.replace(/\d+$/, (n) => String(Number(n) + 1_000_000))),
            // This server's epoch with any position: a page boundary inside a revision at any row id.
            fc
              .record({
                epoch: fc.constantFrom(...w.cursors.map((c) => c.split(/[~.]/)[0]!), 'otherEpoch'),
                horizon: fc.option(fc.oneof(fc.nat(20), fc.constant(999_999_999_999_999))),
                rev: fc.oneof(fc.nat(60), fc.constant(999_999_999_999_999)),
                table: fc.option(fc.constantFrom('users', 'vehicles', 'notes', 'userSettings', 'vehicleTypes', 'zzz', 'A')),
                rowId: fc.oneof(
                  anyId,
                  oddString.filter((s) => s.length < 1_000),
                ),
              })
              .map(({ epoch, horizon, rev, table, rowId }) => {
                const head = `${epoch}${horizon === null ? '' : `~${horizon}`}.${rev}`;
                return table === null ? head : `${head}.${table}.${Buffer.from(rowId, 'utf8').toString('base64url') || 'A'}`;
              }),
          ),
          limit: fc.oneof(fc.integer({ min: 1, max: 5_000 }).map(String), fc.constantFrom('1', '5000', '5001', '0', '1.0', ' 7', '1e3', '0x10')),
          clientId: id,
        },
        { requiredKeys: [] },
      ),
  });

  specs.set('POST /auth/users', {
    runs: 120,
    keys: ['userId', 'firstName', 'lastName', 'email', 'password', 'role', 'isAdmin', 'sectionId', 'orgId'],
    body: (w) =>
      fc.record(
        {
          firstName: personName,
          lastName: personName,
          email: fc.stringMatching(/^[a-z0-9]{6,12}$/).map((s) => `${s}@example.test`),
          password: fc.oneof(
            { weight: 4, arbitrary: fc.constantFrom(...STRONG_PASSWORDS) },
            { weight: 1, arbitrary: fc.constantFrom('password', 'Test', 'a'.repeat(128)) },
          ),
          role: fc.constantFrom(...ROLES),
          isAdmin: fc.constant(false),
          sectionId: fc.constantFrom<string | null>(w.sectionId, w.sectionId, w.otherSectionId, null),
          userId: id,
          orgId: fc.constantFrom(w.orgId, w.otherOrgId),
        },
        { requiredKeys: ['firstName', 'lastName', 'email', 'password', 'role'] },
      ),
  });
  specs.set('PATCH /auth/users/:userId', { runs: 200, keys: USER_PATCH_KEYS, body: userPatch });
  specs.set('PATCH /data/v1/organizations/:orgId/users/:userId', { runs: 120, keys: USER_PATCH_KEYS, body: userPatch });
  specs.set('POST /data/v1/organizations/:orgId/users', {
    runs: 100,
    keys: ['userId'],
    body: (w) => fc.record({ userId: fc.oneof(fc.constantFrom(w.orphanId, w.otherUserId, ...w.victimIds), anyId) }),
  });
  specs.set('PATCH /auth/users/:userId/settings', {
    runs: 200,
    keys: ['0', 'op', 'path', 'value'],
    params: { userId: (w) => fc.constantFrom(w.adminId, w.adminId, w.adminId, w.victimIds[0]!) },
    body: () =>
      fc.array(
        fc.record({
          op: fc.constant('add'),
          path: fc.constantFrom(...SETTING_FIELDS.map((f) => `/${f}`)),
          value: fc.oneof(fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<FuzzValue>, oddValue),
        }),
        { minLength: 1, maxLength: 3 },
      ),
  });
  specs.set('POST /data/v1/vehicles/:vehicleId/notes', {
    runs: 200,
    keys: ['noteId', 'note'],
    body: () => fc.record({ note: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 120 }), noteId: id }, { requiredKeys: ['note'] }),
  });
  get('/data/v1/vehicles/:vehicleId/wash');
  specs.set('POST /data/v1/vehicles/:vehicleId/wash', {
    runs: 150,
    keys: ['washId', 'washDate'],
    body: () => fc.record({ washDate: dateTime, washId: id }, { requiredKeys: ['washDate'] }),
  });
  specs.set('PATCH /data/v1/vehicles/:vehicleId/wash/:washId', {
    runs: 200,
    keys: ['washDate', 'completed', 'completionDate'],
    body: () => fc.record({ washDate: dateTime, completed: fc.boolean(), completionDate: fc.option(dateTime) }, { requiredKeys: [] }) as fc.Arbitrary<FuzzValue>,
  });
  for (const kind of ['scheduled', 'lti', 'pmi'] as const) get(`/data/v1/vehicles/:vehicleId/mx/${kind}`);
  specs.set('POST /data/v1/vehicles/:vehicleId/mx/scheduled', {
    runs: 150,
    keys: ['mxId', 'mxDate', 'mxType'],
    body: () => fc.record({ mxDate: dateTime, mxType: mxType, mxId: id }, { requiredKeys: ['mxDate', 'mxType'] }),
  });
  specs.set('PATCH /data/v1/organizations/:orgId/mx/scheduled/:mxId', {
    runs: 200,
    keys: ['mxDate', 'mxType', 'completed', 'completionDate'],
    body: () => someOf({ mxDate: dateTime, mxType, completed: fc.boolean(), completionDate: fc.option(pastDateTime) }),
  });
  for (const [kind, key] of [
    ['lti', 'ltiId'],
    ['pmi', 'pmiId'],
  ] as const) {
    specs.set(`POST /data/v1/vehicles/:vehicleId/mx/${kind}`, {
      runs: 100,
      keys: [key, 'mxDate'],
      body: () => fc.record({ mxDate: dateTime, [key]: id }, { requiredKeys: ['mxDate'] }) as fc.Arbitrary<FuzzValue>,
    });
    specs.set(`PATCH /data/v1/organizations/:orgId/mx/${kind}/:${key}`, {
      runs: 150,
      keys: ['mxDate', 'completed', 'passed', 'completionDate', 'notes'],
      body: () =>
        someOf({
          mxDate: dateTime,
          completed: fc.boolean(),
          passed: fc.option(fc.boolean()),
          completionDate: fc.option(pastDateTime),
          notes: fc.option(fc.string({ maxLength: 80 })),
        }),
    });
  }
  const discrepancy = (w: FuzzWorld) => fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...w.discrepancyIds) }, { weight: 1, arbitrary: id });
  get('/data/v1/vehicles/:vehicleId/mx/required');
  specs.set('POST /data/v1/vehicles/:vehicleId/mx/required', {
    runs: 150,
    keys: ['mxId', 'regNumber', 'itemNo', 'discrepancy', 'dateDiscovered', 'inspectorId', 'reportMiles', 'reportHours', 'parentInspectionId'],
    body: () =>
      fc.record(
        {
          itemNo: fc.oneof(fc.constant(3), fc.integer({ min: 1, max: 40 })),
          discrepancy: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 80 }),
          dateDiscovered: dateTime,
          reportMiles: fc.option(fc.integer({ min: 1, max: 999_999 })),
          reportHours: fc.option(fc.integer({ min: 1, max: 99_999 })),
          mxId: id,
        },
        { requiredKeys: ['itemNo', 'discrepancy', 'dateDiscovered'] },
      ) as fc.Arbitrary<FuzzValue>,
  });
  specs.set('PATCH /data/v1/vehicles/:vehicleId/mx/required/:mxId', {
    runs: 200,
    keys: [
      'reportDate',
      'reportMiles',
      'reportHours',
      'reporterUserId',
      'workOrder',
      'af1800StatusCode',
      'mxUserId',
      'systemCode',
      'numFixed',
      'disregard',
      'workDate',
    ],
    params: { mxId: discrepancy },
    body: (w) =>
      someOf({
        reportDate: fc.option(dateTime),
        reportMiles: fc.option(fc.integer({ min: 1, max: 999_999 })),
        reporterUserId: fc.option(fc.constantFrom(w.adminId, ...w.victimIds)),
        workOrder: fc.option(fc.string({ maxLength: 15 })),
        af1800StatusCode: fc.option(fc.constantFrom('C', 'C-T', 'C-P', 'D', 'D-P', 'D-M', 'D-D', 'W', 'N')),
        mxUserId: fc.option(fc.constantFrom(w.adminId, ...w.victimIds)),
        systemCode: fc.option(fc.string({ maxLength: 10 })),
        numFixed: fc.nat(20),
        disregard: fc.boolean(),
        workDate: fc.option(dateTime),
      }),
  });
  specs.set('DELETE /data/v1/vehicles/:vehicleId/mx/required/:mxId', { runs: 40, params: { mxId: discrepancy } });

  // Files, pictures, waivers and documents (issue 17).
  const hex64 = fc.stringMatching(/^[0-9a-f]{64}$/);
  const heldSha = (w: FuzzWorld) => fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...w.fileShas) }, { weight: 1, arbitrary: hex64 });
  const filename = fc.oneof(fc.constantFrom('photo.png', 'card.pdf', 'IMG_0001.JPG'), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }));
  const annotation = fc.option(fc.string({ unit: 'grapheme', maxLength: 80 }));
  specs.set('PUT /data/v1/files/:sha256', { runs: 60, params: { sha256: heldSha }, body: () => fc.oneof(fc.string(), fc.constant({})) });
  get('/files/:sha256', { params: { sha256: heldSha } });
  const pictureBody = (key: string) => (w: FuzzWorld) =>
    fc.record({ sha256: heldSha(w), filename, annotation, [key]: id }, { requiredKeys: ['sha256', 'filename'] }) as fc.Arbitrary<FuzzValue>;
  /** The vehicle the records below belong to, mostly: another one answers 404 before anything else is checked. */
  const firstVehicle = (w: FuzzWorld) =>
    fc.oneof({ weight: 6, arbitrary: fc.constant(w.vehicleIds[0]!) }, { weight: 1, arbitrary: fc.constantFrom(w.otherVehicleId, ...w.vehicleIds) });
  const pictured = (key: 'mxId' | 'waiverId') => (w: FuzzWorld) =>
    fc.oneof(
      { weight: 6, arbitrary: fc.constant(w.pictureParents[key]) },
      { weight: 1, arbitrary: fc.constantFrom(...(w.recordIds[key] ?? [])) },
      { weight: 1, arbitrary: id },
    );
  specs.set('POST /data/v1/vehicles/:vehicleId/mx/required/:mxId/pictures', {
    runs: 100,
    keys: ['mxPictureId', 'sha256', 'filename', 'annotation'],
    params: { vehicleId: firstVehicle, mxId: pictured('mxId') },
    body: pictureBody('mxPictureId'),
  });
  specs.set('PATCH /data/v1/vehicles/:vehicleId/mx/required/:mxId/pictures/:mxPictureId', {
    runs: 100,
    keys: ['annotation'],
    params: { vehicleId: firstVehicle, mxId: pictured('mxId') },
    body: () => fc.record({ annotation }),
  });
  specs.set('DELETE /data/v1/vehicles/:vehicleId/mx/required/:mxId/pictures/:mxPictureId', {
    runs: 30,
    params: { vehicleId: firstVehicle, mxId: pictured('mxId') },
  });
  // Inspections (issue 18): submissions and amendments, on either path.
  const inspectionBody = (w: FuzzWorld) =>
    fc.record(
      {
        version: fc.oneof(fc.constant(1), fc.integer({ min: 1, max: 5 })),
        workflowId: fc.constantFrom(...w.workflowIds),
        responses: fc.array(
          fc.record(
            {
              ruleId: fc.oneof(fc.constant('lights'), fc.constant('AF1800-3'), fc.string({ minLength: 1, maxLength: 20 })),
              type: fc.constantFrom('passFail', 'threshold', 'counter', 'target', 'lookup'),
              result: fc.record(
                { isPassing: fc.boolean(), value: fc.option(fc.oneof(fc.boolean(), fc.integer({ min: -5, max: 100 }))) },
                { requiredKeys: ['isPassing'] },
              ),
              comment: fc.option(fc.string({ maxLength: 60 })),
              isFixed: fc.boolean(),
            },
            { requiredKeys: ['ruleId', 'type', 'result'] },
          ),
          { minLength: 1, maxLength: 4 },
        ),
        miles: fc.integer({ min: 1, max: 999_999 }),
        hours: fc.integer({ min: 1, max: 99_999 }),
        inspectionId: id,
      },
      { requiredKeys: ['version', 'workflowId', 'responses'] },
    ) as fc.Arbitrary<FuzzValue>;
  const INSPECTION_KEYS = ['version', 'workflowId', 'responses', 'miles', 'hours', 'inspectionId', 'inspectionDate', 'shift', 'duration', 'parentInspectionId'];
  get('/data/v1/vehicles/:vehicleId/inspection/history');
  for (const [method, url] of [
    ['POST', '/data/v1/vehicles/:vehicleId/inspection/recent'],
    ['PUT', '/data/v2/vehicles/:vehicleId/inspection/recent'],
    ['PATCH', '/data/v1/vehicles/:vehicleId/inspection/recent'],
    ['PATCH', '/data/v2/vehicles/:vehicleId/inspection/recent'],
  ] as const) {
    specs.set(`${method} ${url}`, { runs: 60, keys: INSPECTION_KEYS, body: inspectionBody });
  }
  get('/data/v1/vehicles/:vehicleId/waivers');
  specs.set('POST /data/v1/vehicles/:vehicleId/waivers', {
    runs: 120,
    keys: ['waiverId', 'ruleId', 'waiverType', 'explanation'],
    body: () =>
      fc.record(
        {
          ruleId: fc.oneof(fc.constant('lights'), fc.string({ minLength: 1, maxLength: 20 })),
          waiverType: fc.constantFrom(...WAIVER_TYPES),
          explanation: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 120 }),
          waiverId: id,
        },
        { requiredKeys: ['ruleId', 'explanation'] },
      ) as fc.Arbitrary<FuzzValue>,
  });
  specs.set('PATCH /data/v1/vehicles/:vehicleId/waivers/:waiverId', {
    runs: 150,
    keys: ['status', 'waiverType', 'explanation'],
    params: { vehicleId: firstVehicle },
    body: () =>
      someOf({
        status: fc.constantFrom(...WAIVER_STATUSES),
        waiverType: fc.constantFrom(...WAIVER_TYPES),
        explanation: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 120 }),
      }),
  });
  specs.set('DELETE /data/v1/vehicles/:vehicleId/waivers/:waiverId', { runs: 30, params: { vehicleId: firstVehicle } });
  specs.set('POST /data/v1/vehicles/:vehicleId/waivers/:waiverId/pictures', {
    runs: 100,
    keys: ['waiverPictureId', 'sha256', 'filename', 'annotation'],
    params: { vehicleId: firstVehicle, waiverId: pictured('waiverId') },
    body: pictureBody('waiverPictureId'),
  });
  specs.set('PATCH /data/v1/vehicles/:vehicleId/waivers/:waiverId/pictures/:waiverPictureId', {
    runs: 100,
    keys: ['annotation'],
    params: { vehicleId: firstVehicle, waiverId: pictured('waiverId') },
    body: () => fc.record({ annotation }),
  });
  specs.set('DELETE /data/v1/vehicles/:vehicleId/waivers/:waiverId/pictures/:waiverPictureId', {
    runs: 30,
    params: { vehicleId: firstVehicle, waiverId: pictured('waiverId') },
  });
  specs.set('POST /data/v1/vehicles/:vehicleId/waivers/file', {
    runs: 100,
    keys: ['waiverCardId', 'sha256', 'filename'],
    body: (w) => fc.record({ sha256: heldSha(w), filename, waiverCardId: id }, { requiredKeys: ['sha256', 'filename'] }) as fc.Arbitrary<FuzzValue>,
  });
  get('/data/v1/vehicles/:vehicleId/files/aux');
  specs.set('POST /data/v1/vehicles/:vehicleId/files/aux', {
    runs: 120,
    keys: ['fileId', 'sha256', 'filename', 'description'],
    body: (w) =>
      fc.record(
        { sha256: heldSha(w), filename, description: fc.option(fc.string({ unit: 'grapheme', maxLength: 60 })), fileId: id },
        { requiredKeys: ['sha256', 'filename'] },
      ) as fc.Arbitrary<FuzzValue>,
  });
  specs.set('PATCH /data/v1/vehicles/:vehicleId/files/aux/:fileId', {
    runs: 100,
    keys: ['description'],
    params: { vehicleId: firstVehicle },
    body: () => fc.record({ description: fc.string({ unit: 'grapheme', maxLength: 60 }) }),
  });
  specs.set('DELETE /data/v1/vehicles/:vehicleId/files/aux/:fileId', { runs: 30, params: { vehicleId: firstVehicle } });
  get('/data/v2/tdy', {
    query: (w) => fc.record({ regNumber: fc.constantFrom(w.regNumbers[0]!, 'NOPE-1'), end: date }, { requiredKeys: [] }),
  });
  specs.set('POST /data/v2/tdy', {
    runs: 150,
    keys: ['tdyId', 'regNumber', 'startDate', 'endDate', 'description'],
    body: (w) =>
      fc.record(
        {
          regNumber: fc.constantFrom(...w.regNumbers),
          startDate: date,
          endDate: fc.option(date),
          description: fc.string({ minLength: 1, maxLength: 60 }),
          tdyId: id,
        },
        { requiredKeys: ['regNumber', 'startDate', 'description'] },
      ) as fc.Arbitrary<FuzzValue>,
  });
  specs.set('PATCH /data/v2/tdy/:tdyId', {
    runs: 150,
    keys: ['startDate', 'endDate', 'completed', 'description'],
    body: () => someOf({ startDate: date, endDate: fc.option(date), completed: fc.boolean(), description: fc.string({ minLength: 1, maxLength: 60 }) }),
  });
  specs.set('POST /data/v2/vehicles/types', {
    runs: 150,
    keys: ['vehicleTypeId', 'vehicleType'],
    body: () => fc.record({ vehicleType: typeName, vehicleTypeId: id }, { requiredKeys: ['vehicleType'] }),
  });
  // Organization administration (issue 19).
  get('/auth/organizations/:orgId');
  get('/data/v1/organizations/:orgId');
  get('/data/v1/organizations/:orgId/shifts');
  get('/data/v2/organization/sections');
  const leadTime = fc.oneof(fc.integer({ min: 0, max: 180 }), fc.constantFrom(0, 180));
  specs.set('PATCH /data/v1/organizations/:orgId', {
    runs: 120,
    keys: [...LEAD_TIME_FIELDS],
    body: () => someOf(Object.fromEntries(LEAD_TIME_FIELDS.map((f) => [f, leadTime]))),
  });
  const shiftTime = fc
    .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
    .map(([h, m]) => `${String(h).padStart(2, '0')}${String(m).padStart(2, '0')}z`);
  specs.set('PUT /data/v1/organizations/:orgId/shifts', {
    runs: 80,
    keys: ['shifts'],
    body: () =>
      fc.tuple(...SHIFT_DAYS.map(() => fc.array(shiftTime, { minLength: 6, maxLength: 6 }))).map((days) => ({
        shifts: SHIFT_DAYS.map((day, i) => ({ day, shifts: [1, 2, 3].map((shift) => ({ shift, start: days[i]![2 * shift - 2]!, end: days[i]![2 * shift - 1]! })) })),
      })),
  });
  const phone = fc.oneof(fc.stringMatching(/^(\+?1[ .-]?)?(\(\d{3}\)|\d{3})[ .-]?\d{3}[ .-]?\d{4}$/), fc.constantFrom('', '555-1234', 'call me'), fc.constant(null));
  specs.set('PATCH /data/v2/organization', {
    runs: 120,
    keys: ['primaryContactUserId', 'primaryContactPhoneNumber', 'basePhoneNumber'],
    body: (w) =>
      someOf({
        primaryContactUserId: fc.constantFrom<string | null>(w.adminId, w.victimIds[0]!, w.otherUserId, null),
        primaryContactPhoneNumber: phone,
        basePhoneNumber: phone,
      }),
  });
  const sectionName = fc.oneof(
    typeName,
    fc.constantFrom('Alpha', 'bravo', ' Spare 1 ', 'x'.repeat(49), 'x'.repeat(50)),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }),
  );
  const melValue = fc.oneof(fc.integer({ min: 1, max: 50 }), fc.constantFrom(0, -1, 1.5, 9_999, 10_000));
  const melType = fc.oneof(fc.constantFrom('Truck', 'bus', 'Van'), typeName);
  /** A valid MEL for the lists (a changed body brings the odd ones). */
  const melOk = fc.integer({ min: 1, max: 50 });
  const sectionOf = (w: FuzzWorld) => fc.constantFrom(w.sectionId, ...(w.recordIds.sectionId ?? []));
  specs.set('POST /data/v2/organization/sections', {
    runs: 100,
    keys: ['sectionId', 'sectionName'],
    body: () => fc.record({ sectionName, sectionId: id }, { requiredKeys: ['sectionName'] }),
  });
  specs.set('PATCH /data/v2/organization/sections/:sectionId', { runs: 100, keys: ['sectionName'], body: () => fc.record({ sectionName }) });
  // Only the spare sections: the vehicle and user routes that run later keep both of theirs.
  specs.set('DELETE /data/v2/organization/sections/:sectionId', {
    runs: 40,
    params: { sectionId: (w) => fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...(w.recordIds.sectionId ?? []).slice(1)) }, { weight: 1, arbitrary: anyId }) },
  });
  specs.set('POST /data/v2/organization/sections/:sectionId/mels', {
    runs: 100,
    keys: ['mels'],
    body: () =>
      fc.record({
        mels: fc.array(fc.record({ vehicleType: melType, mel: melOk, melId: id }, { requiredKeys: ['vehicleType', 'mel'] }), { minLength: 1, maxLength: 3 }),
      }),
  });
  // Not the spare section whose MELs the MEL routes change: an entry with only a type removes one.
  specs.set('PATCH /data/v2/organization/sections/:sectionId/mels', {
    runs: 100,
    params: { sectionId: (w) => fc.constantFrom(w.sectionId, w.otherSectionId) },
    keys: ['sectionId', 'sectionName', 'mel'],
    body: () =>
      fc.record(
        { sectionName, mel: fc.array(fc.record({ vehicleType: melType, mel: fc.option(melOk), melId: id }, { requiredKeys: ['vehicleType'] }), { maxLength: 3 }) },
        { requiredKeys: ['mel'] },
      ) as fc.Arbitrary<FuzzValue>,
  });
  specs.set('POST /data/v2/organization/mels', {
    runs: 100,
    keys: ['vehicleType', 'mels'],
    body: (w) =>
      fc.record({
        vehicleType: melType,
        mels: fc.array(fc.record({ sectionId: sectionOf(w), mel: melOk, melId: id }, { requiredKeys: ['sectionId', 'mel'] }), { minLength: 1, maxLength: 3 }),
      }) as fc.Arbitrary<FuzzValue>,
  });
  specs.set('PATCH /data/v2/organization/mels/:melId', { runs: 80, keys: ['mel'], body: () => fc.record({ mel: melValue }) });
  specs.set('DELETE /data/v2/organization/mels/:melId', { runs: 30 });
  specs.set('POST /data/v1/vehicles', {
    runs: 250,
    keys: ['vehicleId', 'regNumber', 'vehicleType', 'sectionId', 'workflowId', 'wrm', 'year', 'make', 'model', 'eolDate'],
    body: vehicleCreate,
  });
  specs.set('PATCH /data/v2/vehicles/:vehicleId', {
    runs: 300,
    keys: ['workflowId', 'sectionId', 'hours', 'miles', 'status', 'eticDate', 'regNumber', 'vehicleType', 'year', 'make', 'model', 'wrm', 'eolDate'],
    body: vehicleUpdate,
  });
  specs.set('PATCH /data/v1/vehicles/:vehicleId', { runs: 120, keys: ['decommissioned'], body: () => fc.record({ decommissioned: fc.boolean() }) });
  // Workflows: the fuzz world's workflows (not the AF-1800 templates, which it has none of), an inactive one, and others.
  const workflowParam = (w: FuzzWorld) =>
    fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...w.workflowIds, w.inactiveWorkflowId).map(String) },
      { weight: 1, arbitrary: fc.constantFrom('0', '1', '9007199254740993', 'abc') },
    );
  const ruleArb = fc.record(
    {
      title: fc.oneof(personName, fc.constantFrom('Horn', 'Lights', 'Tire tread')),
      frequency: fc.constantFrom('daily', 'weekly', 'monthly', 'quarterly', 'semiannual', 'annual'),
      ruleType: fc.constantFrom('passFail', 'counter', 'threshold', 'lookup'),
      newRuleType: fc.constantFrom('PASS_FAIL', 'NUMERIC_INPUT', 'CUSTOM', null),
      fields: fc.record(
        {
          threshold: fc.integer({ min: 0, max: 12 }),
          absMin: fc.integer({ min: 0, max: 4 }),
          absMax: fc.integer({ min: 4, max: 12 }),
          target: fc.integer({ min: 1, max: 6 }),
        },
        { requiredKeys: [] },
      ),
      description: fc.option(personName),
      isRemoved: fc.boolean(),
    },
    { requiredKeys: ['title', 'frequency', 'ruleType'] },
  );
  // PATCH and DELETE change the inactive workflow (and ids of none): the world's active ones stay for the routes after.
  const changedWorkflow = (w: FuzzWorld) =>
    fc.oneof({ weight: 6, arbitrary: fc.constant(String(w.inactiveWorkflowId)) }, { weight: 1, arbitrary: fc.constantFrom('0', '1', '9007199254740993', 'abc') });
  const WORKFLOW_KEYS = ['workflowId', 'title', 'rules', 'regNumbers', 'active'];
  const workflowTitle = fc.oneof(personName, fc.stringMatching(/^[A-Za-z][A-Za-z0-9 .,()&#-]{1,30}$/));
  specs.set('GET /data/v1/organizations/:orgId/workflows', {
    runs: 40,
    query: () => fc.record({ showArchives: fc.constantFrom('true', 'false') }, { requiredKeys: [] }),
  });
  specs.set('GET /data/v1/organizations/:orgId/workflows/:workflowId', {
    runs: 40,
    params: { workflowId: workflowParam },
    query: () => fc.record({ showRules: fc.constantFrom('true', 'false') }, { requiredKeys: [] }),
  });
  specs.set('POST /data/v1/organizations/:orgId/workflows', {
    runs: 120,
    keys: WORKFLOW_KEYS,
    body: (w) =>
      fc.record(
        {
          workflowId: fc.integer({ min: 1, max: 2 ** 40 }),
          title: workflowTitle,
          rules: fc.array(ruleArb, { minLength: 1, maxLength: 4 }),
          regNumbers: fc.subarray(w.regNumbers, { maxLength: 3 }),
        },
        { requiredKeys: ['title', 'rules'] },
      ),
  });
  specs.set('PATCH /data/v1/organizations/:orgId/workflows/:workflowId', {
    runs: 120,
    keys: WORKFLOW_KEYS,
    params: { workflowId: changedWorkflow },
    body: () => fc.record({ title: workflowTitle, rules: fc.array(ruleArb, { minLength: 1, maxLength: 4 }), active: fc.boolean() }, { requiredKeys: [] }),
  });
  specs.set('DELETE /data/v1/organizations/:orgId/workflows/:workflowId', { runs: 30, params: { workflowId: changedWorkflow } });
  specs.set('POST /data/v1/organizations/:orgId/workflows/:workflowId/assignByRegNumber', {
    runs: 80,
    keys: ['0'],
    params: { workflowId: workflowParam },
    body: (w) => fc.array(fc.oneof(fc.constantFrom(...w.regNumbers), fc.constant('NOPE-1')), { minLength: 1, maxLength: 3 }),
  });
  specs.set('GET /data/v1/organizations/:orgId/rules', { runs: 25 });
  specs.set('POST /data/v1/organizations/:orgId/rules', { runs: 80, keys: ['title', 'frequency', 'ruleType', 'fields', 'description'], body: () => ruleArb });
  specs.set('DELETE /data/v1/vehicles/:vehicleId', { runs: 60 });
  specs.set('POST /data/v1/sync/push', { runs: 250, mix: [8, 2, 2], keys: ['clientId', 'mutations'], body: (w) => pushedRequest(w, specs, routes) });
  return specs;
}

// ---- requests -----------------------------------------------------------------------------------

function paramValue(spec: RouteSpec | undefined, name: string, w: FuzzWorld): fc.Arbitrary<string> {
  const own = spec?.params?.[name];
  let valid: fc.Arbitrary<string>;
  if (own) valid = own(w);
  else if (w.recordIds[name]) valid = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...w.recordIds[name]!) }, { weight: 1, arbitrary: id });
  else if (name === 'vehicleId')
    valid = fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...w.vehicleIds) },
      { weight: 1, arbitrary: fc.constantFrom(w.otherVehicleId) },
      { weight: 1, arbitrary: anyId },
    );
  // Never the signed-in administrator: a change to them would end the run's access.
  else if (name === 'userId')
    valid = fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...w.victimIds) },
      { weight: 1, arbitrary: fc.constantFrom(w.orphanId, w.otherUserId) },
      { weight: 1, arbitrary: anyId },
    );
  else if (name === 'orgId')
    valid = fc.oneof({ weight: 6, arbitrary: fc.constant(w.orgId) }, { weight: 1, arbitrary: fc.constantFrom(w.otherOrgId, '') }, { weight: 1, arbitrary: anyId });
  else if (name === 'year') {
    const now = new Date().getUTCFullYear();
    valid = fc.oneof(
      { weight: 3, arbitrary: fc.integer({ min: now - 3, max: now }).map(String) },
      { weight: 1, arbitrary: fc.constantFrom('1900', '1899', String(now + 1), '9999', '0000', '20260') },
    );
  } else if (name === 'month') {
    valid = fc.oneof(
      { weight: 3, arbitrary: fc.integer({ min: 1, max: 12 }).map((m) => (m < 10 && m % 2 ? `0${m}` : String(m))) },
      { weight: 1, arbitrary: fc.constantFrom('13', '0', '00', '001', '1 ') },
    );
  } else valid = anyId;
  return fc.oneof({ weight: 5, arbitrary: valid.map(encodeLoose) }, { weight: 1, arbitrary: oddSegment });
}

/** Path and query string of a request to the route. */
function pathOf(route: DeclaredRoute, spec: RouteSpec | undefined, w: FuzzWorld): fc.Arbitrary<string> {
  const names = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const params = fc.tuple(...names.map((n) => paramValue(spec, n, w)));
  const validQuery = spec?.query?.(w).map((q) => new URLSearchParams(q).toString()) ?? fc.constant('');
  const knownKeys = ['cursor', 'limit', 'clientId', 'showArchives', 'ticket', 'regNumber', 'end'];
  const query = fc.oneof({ weight: 3, arbitrary: fc.constant('') }, { weight: 3, arbitrary: validQuery }, { weight: 3, arbitrary: oddQuery(knownKeys) });
  return fc.tuple(params, query).map(([values, q]) => {
    let i = 0;
    const p = route.url.replace(/:(\w+)/g, () => values[i++]!);
    return q ? `${p}?${q}` : p;
  });
}

/** A body as a value: valid, valid with one change, or odd throughout. */
function bodyValue(route: DeclaredRoute, spec: RouteSpec | undefined, w: FuzzWorld): fc.Arbitrary<FuzzValue | undefined> {
  if (!route.hasBody && route.method !== 'DELETE') return fc.constant(undefined);
  if (route.method === 'DELETE') return fc.oneof({ weight: 6, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: oddBody });
  const valid = spec?.body?.(w) ?? fc.constant<FuzzValue>({});
  const keys = spec?.keys && spec.keys.length > 0 ? fc.constantFrom(...spec.keys) : fc.constantFrom('x');
  const [validWeight, changedWeight, oddWeight] = spec?.mix ?? [3, 6, 3];
  return fc.oneof(
    { weight: validWeight, arbitrary: valid },
    { weight: changedWeight, arbitrary: fc.tuple(valid, bodyChange(keys)).map(([b, change]) => applyChange(b, change)) },
    { weight: oddWeight, arbitrary: oddBody },
  );
}

const ODD_CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'APPLICATION/JSON',
  'application/json;',
  'application/merge-patch+json',
  'application/json, text/plain',
  '',
  null,
];

/** Invalid UTF-8 and other bytes no JSON text is made of. */
const BYTE_BODIES = [
  Buffer.from('7b2261223a22fffe227d', 'hex'),
  Buffer.from('7b2261223a22c0af227d', 'hex'),
  Buffer.from('fffe7b007d00', 'hex'),
  Buffer.from('efbbbf7b7d', 'hex'),
  Buffer.alloc(64),
];

/** A whole request to the route as it goes on the wire. */
export function wireRequest(route: DeclaredRoute, spec: RouteSpec | undefined, w: FuzzWorld, bodyLimit: number): fc.Arbitrary<RawRequest> {
  const method = route.method;
  const reads = method === 'GET';
  const textBody: fc.Arbitrary<string | Buffer | undefined> = reads
    ? fc.oneof({ weight: 12, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.constantFrom(...MALFORMED_BODIES) })
    : fc.oneof(
        { weight: 12, arbitrary: bodyValue(route, spec, w).map((b) => (b === undefined ? undefined : toJsonText(b))) },
        { weight: route.hasBody ? 2 : 0, arbitrary: oddBodyText(bodyLimit) },
        { weight: route.hasBody ? 1 : 0, arbitrary: fc.constantFrom(...BYTE_BODIES) },
      );
  const contentType = fc.oneof({ weight: 25, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.constantFrom(...ODD_CONTENT_TYPES) });
  return fc.record({ path: pathOf(route, spec, w), body: textBody, contentType }).map(({ path: p, body, contentType: type }) => ({
    method,
    path: p,
    ...(body === undefined ? {} : { body }),
    ...(type === undefined ? {} : { contentType: type }),
  }));
}
