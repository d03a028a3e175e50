import { nanoid } from 'nanoid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FleetSummary } from '../../core/rules/fleet-summary.ts';
import { ruleInputSchema } from '../../core/schema/rule.ts';
import { tdyResource } from '../../core/schema/tdy.ts';
import { randomWorkflowId, workflowPaths } from '../../core/schema/workflow.ts';
import { createTdy, saveWorkflowAs, updateVehicle } from '../../src/data/mutators.ts';
import { SUMMARIES } from '../../src/db/fleet-summaries.ts';
import { vehicleMeantGone } from '../../server/modules/vehicles/vehicle-meant.ts';
import { createVehicle } from '../support/factories.ts';
import { useServerWithOrg } from '../support/session.ts';
import { SimDevice } from '../support/sim-device.ts';
import { PushFaults } from '../support/sim-faults.ts';
import { addWorkflow } from '../support/table-rows.ts';

/*
 * Writes that name a vehicle by registration (a TDY, Save As's vehicles, an assignment by registration)
 * land on the vehicle the device meant, by its id, whatever happened to the registration meanwhile.
 */
const env = useServerWithOrg();
let device: SimDevice;
const tdys = tdyResource.paths.list.build({});

beforeAll(async () => {
  const { admin } = env.org;
  device = await SimDevice.open(
    'meant',
    { label: 'M', userId: admin.userId, email: admin.email, password: admin.password, orgId: env.org.orgId, role: 'vco', isAdmin: true },
    env.server.baseUrl,
    new PushFaults(env.server.app),
    admin.tokens,
  );
});

afterAll(async () => {
  await device?.destroy();
});

const vehicle = () => createVehicle(env.server.ctx, env.org.orgId, env.org.sectionId);
const rename = async (vehicleId: string, regNumber: string) =>
  expect((await env.org.admin.api.patch(`/data/v2/vehicles/${vehicleId}`, { regNumber })).status).toBe(200);
const tdyFields = (regNumber: string) => ({ regNumber, startDate: '2026-12-05', endDate: null, description: 'Exercise' });

/** The device's changes sent, then what the server has pulled back. */
async function sync() {
  await device.drain.wake({ force: true });
  await device.pull();
}

/** Where the server keeps the TDY, by the registration of its vehicle's row. */
async function serverTdy(tdyId: string) {
  const all = (await env.org.admin.api.get(tdys)).body as { tdyId: string; vehicleId: string }[];
  return all.find((t) => t.tdyId === tdyId);
}

/** The vehicles whose summary on the device lists the TDY. */
async function summariesListing(tdyId: string, ...vehicleIds: string[]) {
  const summaries = (await device.db.table(SUMMARIES).bulkGet(vehicleIds)) as (FleetSummary | undefined)[];
  return vehicleIds.filter((_, i) => summaries[i]?.tdys[tdyId] !== undefined);
}

async function sendOnTdy(vehicleId: string) {
  const shown = await device.db.feed('vehicles').get(vehicleId);
  const id = nanoid();
  await device.mutate(createTdy, { parentId: vehicleId, id, userId: device.user.userId, fields: tdyFields(shown!.regNumber) });
  return id;
}

describe('a TDY lands on the vehicle it was made for', () => {
  it('right after a refused rename to another vehicle’s registration: on the vehicle, not on the other one', async () => {
    const [a, b] = [await vehicle(), await vehicle()];
    await device.pull();
    await device.mutate(updateVehicle, { vehicleId: a.vehicleId, userId: device.user.userId, changes: { regNumber: b.regNumber } });
    // The device shows the rename at once, so the TDY dialog on A's page names B's registration.
    expect((await device.db.feed('vehicles').get(a.vehicleId))?.regNumber).toBe(b.regNumber);
    const tdyId = await sendOnTdy(a.vehicleId);
    await sync();

    const refused = await device.db.rejected.toArray();
    expect(refused.map((r) => r.name)).toEqual(['updateVehicle']);
    await device.db.rejected.clear();
    expect(await serverTdy(tdyId)).toMatchObject({ vehicleId: a.vehicleId, regNumber: a.regNumber });
    expect((await device.db.feed('tdys').get(tdyId))?.vehicleId).toBe(a.vehicleId);
    expect(await summariesListing(tdyId, a.vehicleId, b.vehicleId)).toEqual([a.vehicleId]);
  });

  it('made offline while another device gave its registration to another vehicle', async () => {
    const [a, b] = [await vehicle(), await vehicle()];
    await device.pull();
    const tdyId = await sendOnTdy(a.vehicleId);
    await rename(a.vehicleId, `${a.regNumber}N`);
    await rename(b.vehicleId, a.regNumber);
    await sync();

    expect(await device.db.rejected.toArray()).toEqual([]);
    expect(await serverTdy(tdyId)).toMatchObject({ vehicleId: a.vehicleId, regNumber: `${a.regNumber}N` });
    expect(await summariesListing(tdyId, a.vehicleId, b.vehicleId)).toEqual([a.vehicleId]);
  });

  it('made offline survives a rename of its vehicle meanwhile', async () => {
    const a = await vehicle();
    await device.pull();
    const tdyId = await sendOnTdy(a.vehicleId);
    await rename(a.vehicleId, `${a.regNumber}R`);
    await sync();

    expect(await device.db.rejected.toArray()).toEqual([]);
    expect(await serverTdy(tdyId)).toMatchObject({ vehicleId: a.vehicleId, regNumber: `${a.regNumber}R` });
  });

  it('is refused, changing nothing, when the vehicle meant is gone and its registration names another one', async () => {
    const b = await vehicle();
    const api = env.org.admin.api;
    const gone = await api.post(tdys, { ...tdyFields(b.regNumber), vehicleId: nanoid(), tdyId: nanoid() });
    expect(gone).toMatchObject({ status: 409, body: { errorMessage: vehicleMeantGone(b.regNumber) } });
    expect((await api.get(`${tdys}?regNumber=${b.regNumber}`)).body).toEqual([]);
    expect((await api.post(tdys, { ...tdyFields('NONE-1'), vehicleId: nanoid() })).status).toBe(404);
    // Without an id (the spec's call), the registration decides.
    expect((await api.post(tdys, tdyFields(b.regNumber))).body).toMatchObject({ vehicleId: b.vehicleId });
  });
});

describe('a workflow assigned by registration goes to the vehicles meant', () => {
  it('Save As moves the vehicle the editor chose though its registration changed hands meanwhile', async () => {
    const [a, b] = [await vehicle(), await vehicle()];
    await device.pull();
    const workflowId = randomWorkflowId();
    await device.mutate(saveWorkflowAs, {
      workflowId,
      title: `Meant ${nanoid(4).replace(/[^A-Za-z0-9]/g, 'Q')}`,
      // As the editor makes a rule: its defaults filled in, with the ids of its row and of the rule.
      rules: [
        {
          ...ruleInputSchema.parse({ title: 'Horn', frequency: 'daily', ruleType: 'passFail', newRuleType: 'PASS_FAIL' }),
          workflowRuleId: nanoid(),
          ruleId: `C-${nanoid(12)}`,
        },
      ],
      regNumbers: [a.regNumber],
      vehicleIds: [a.vehicleId],
      userId: device.user.userId,
      at: new Date().toISOString(),
    });
    await rename(a.vehicleId, `${a.regNumber}W`);
    await rename(b.vehicleId, a.regNumber);
    await sync();

    expect(await device.db.rejected.toArray()).toEqual([]);
    const vehicles = (await env.org.admin.api.get('/data/v2/vehicles')).body as { vehicleId: string; workflowId: number }[];
    expect(vehicles.find((v) => v.vehicleId === a.vehicleId)?.workflowId).toBe(workflowId);
    expect(vehicles.find((v) => v.vehicleId === b.vehicleId)?.workflowId).not.toBe(workflowId);
  });

  it('assignByRegNumber takes the vehicle meant beside its registration, and refuses ids that do not pair up', async () => {
    const [a, b] = [await vehicle(), await vehicle()];
    const { orgId } = env.org;
    const api = env.org.admin.api;
    const workflowId = await addWorkflow(env.server.ctx, orgId, { title: `Assign ${nanoid(4)}`, rules: [{ ruleId: 'C-assign-horn', title: 'Horn' }] });
    const old = a.regNumber;
    await rename(a.vehicleId, `${old}Z`);
    await rename(b.vehicleId, old);
    const assigned = await api.post(workflowPaths.assign.build({ orgId, workflowId: String(workflowId) }), [{ regNumber: old, vehicleId: a.vehicleId }]);
    expect(assigned.status).toBe(200);
    expect((assigned.body as { vehicleId: string }[]).map((v) => v.vehicleId)).toEqual([a.vehicleId]);
    const gone = await api.post(workflowPaths.assign.build({ orgId, workflowId: String(workflowId) }), [{ regNumber: old, vehicleId: nanoid() }]);
    expect(gone).toMatchObject({ status: 409, body: { errorMessage: vehicleMeantGone(old) } });
    const unpaired = await api.post(workflowPaths.list.build({ orgId }), {
      title: `Unpaired ${nanoid(4)}`,
      rules: [{ title: 'Horn', frequency: 'daily', ruleType: 'passFail', newRuleType: 'PASS_FAIL' }],
      regNumbers: [old],
      vehicleIds: [a.vehicleId, b.vehicleId],
    });
    expect(unpaired.status).toBe(400);
  });
});
