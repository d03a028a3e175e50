import {
  inspectionDetailMirrorStart,
  inspectionPaths,
  type InspectionFeedRow,
  type InspectionPicture,
  type InspectionResponse,
  type InspectionResult,
} from '../../../core/schema/inspection.ts';
import type { Vehicle } from '../../../core/schema/vehicle.ts';
import type { Workflow, WorkflowRule } from '../../../core/schema/workflow.ts';

type Api = {
  get: (path: string) => Promise<{ status: number; body: any }>;
  call: (method: string, path: string, body?: unknown) => Promise<{ status: number; body: any }>;
};

/** The spec's organization as a device's first pull reads it: inspections, their pictures, vehicles and workflows. */
export async function seededInspections(api: Api) {
  const inspections: InspectionFeedRow[] = [];
  const pictures: InspectionPicture[] = [];
  const vehicles: Vehicle[] = [];
  const workflows: Workflow[] = [];
  const workflowRules: WorkflowRule[] = [];
  let cursor = '';
  for (;;) {
    const page = await api.get(`/data/v1/sync/pull?limit=5000&cursor=${encodeURIComponent(cursor)}`);
    if (page.status !== 200) throw new Error(`The pull answered ${page.status}`);
    for (const change of page.body.changes as { t: string; op: string; data?: unknown }[]) {
      if (change.op !== 'put') continue;
      if (change.t === 'inspections') inspections.push(change.data as InspectionFeedRow);
      if (change.t === 'inspectionPictures') pictures.push(change.data as InspectionPicture);
      if (change.t === 'vehicles') vehicles.push(change.data as Vehicle);
      if (change.t === 'workflows') workflows.push(change.data as Workflow);
      if (change.t === 'workflowRules') workflowRules.push(change.data as WorkflowRule);
    }
    cursor = page.body.cursor;
    if (!page.body.hasMore) break;
  }
  return { inspections, pictures, vehicles, workflows, workflowRules };
}

type Seeded = Awaited<ReturnType<typeof seededInspections>>;

const isFuel = (r: InspectionResult) => r.ruleId === 'AF1800-15';
const has = (row: InspectionFeedRow, test: (r: InspectionResult) => boolean) => (row.results ?? []).some(test);
const newestFirst = (a: InspectionFeedRow, b: InspectionFeedRow) => b.inspectionDate.localeCompare(a.inspectionDate);

/**
 * Inspections of the mirror's window whose details show what the spec names: `main` with a failed and
 * a passed pass/fail result and the fuel gauge (a threshold over its maximum of 4), by preference one
 * with a picture; `target` with a target result with units; `pictured` with a result's picture.
 */
export function pickInspections(seeded: Seeded) {
  const recent = seeded.inspections.filter((i) => i.results !== null).sort(newestFirst);
  const vehicleOf = (i: InspectionFeedRow) => seeded.vehicles.find((v) => v.vehicleId === i.vehicleId)!;
  const picturesOf = (i: InspectionFeedRow) => seeded.pictures.filter((p) => p.inspectionId === i.inspectionId && has(i, (r) => r.resultId === p.resultId));
  const isFailed = (r: InspectionResult) => r.type === 'passFail' && !r.result.isPassing && !r.isFixed;
  const isPassed = (r: InspectionResult) => r.type === 'passFail' && r.result.isPassing;
  const isTarget = (r: InspectionResult) => r.type === 'target' && r.units !== null;

  const main = recent
    .filter((i) => has(i, isFailed) && has(i, isPassed) && has(i, isFuel))
    .sort((a, b) => Number(picturesOf(b).length > 0) - Number(picturesOf(a).length > 0))[0];
  const target = recent.find((i) => has(i, isTarget));
  const pictured = main && picturesOf(main).length > 0 ? main : recent.find((i) => picturesOf(i).length > 0);
  if (!main || !target || !pictured) throw new Error('The seed has no recent inspection with a failed check, a target or a picture');
  const picture = picturesOf(pictured)[0]!;
  return {
    vehicle: vehicleOf(main),
    main,
    history: seeded.inspections.filter((i) => i.vehicleId === main.vehicleId).sort(newestFirst),
    fuel: main.results!.find(isFuel)!,
    passed: main.results!.find(isPassed)!,
    failed: main.results!.find(isFailed)!,
    target: { vehicle: vehicleOf(target), inspection: target, result: target.results!.find(isTarget)! },
    pictured: { vehicle: vehicleOf(pictured), inspection: pictured, result: pictured.results!.find((r) => r.resultId === picture.resultId)! },
  };
}

type AnsweredRule = Pick<WorkflowRule, 'ruleId' | 'ruleType' | 'fields' | 'lookup'>;

/** A passing answer to a rule, as an inspection client sends one; the odometers read `readings`. */
export function passingResponse(rule: AnsweredRule, readings: { miles: number; hours: number }): InspectionResponse {
  const { ruleType, fields, lookup } = rule;
  const value =
    rule.ruleId === 'AF1800-M'
      ? readings.miles
      : rule.ruleId === 'AF1800-H'
        ? readings.hours
        : ruleType === 'passFail'
          ? true
          : ruleType === 'lookup'
            ? (lookup?.target ?? 0)
            : ruleType === 'counter'
              ? (fields.target ?? fields.absMax ?? 1)
              : (fields.absMax ?? fields.threshold ?? 1);
  return { ruleId: rule.ruleId, type: ruleType === 'lookup' ? 'target' : ruleType, result: { isPassing: true, value } };
}

/** A passing answer to each rule of the workflow. */
function passingResponses(rules: readonly AnsweredRule[], vehicle: Vehicle): InspectionResponse[] {
  return rules.map((rule) => passingResponse(rule, { miles: vehicle.lastReportedMileage ?? 1000, hours: vehicle.lastReportedHours ?? 100 }));
}

/**
 * Two inspections of the vehicle performed before the first day of the previous month, whose results
 * the mirror does not carry: the seed's when its history reaches back that far (45 days does not
 * after the 14th or so of a month), else submitted now with such a date through the API.
 */
export async function olderInspections(api: Api, seeded: Seeded, vehicle: Vehicle, now = new Date()): Promise<[string, string]> {
  const start = inspectionDetailMirrorStart(now).getTime();
  const seededOlder = seeded.inspections.filter((i) => i.vehicleId === vehicle.vehicleId && Date.parse(i.inspectionDate) < start).sort(newestFirst);
  if (seededOlder.length >= 2) return [seededOlder[0]!.inspectionId, seededOlder[1]!.inspectionId];
  const ids: string[] = [];
  for (const daysBefore of [10, 12]) ids.push(await submitPassingInspection(api, seeded, vehicle, new Date(start - daysBefore * 86_400_000).toISOString(), 1));
  return [ids[0]!, ids[1]!];
}

/**
 * A passing inspection of the vehicle performed at `inspectionDate`, submitted now through the API by
 * the api's user; answers its id. Without `shift` the server finds it from the organization's shift times.
 */
export async function submitPassingInspection(api: Api, seeded: Seeded, vehicle: Vehicle, inspectionDate: string, shift?: number): Promise<string> {
  const workflow = seeded.workflows.find((w) => w.workflowId === vehicle.workflowId);
  if (!workflow) throw new Error(`Vehicle ${vehicle.regNumber} has no workflow to inspect against`);
  const rules = seeded.workflowRules.filter((r) => r.workflowId === workflow.workflowId).sort((a, b) => a.position - b.position);
  const res = await api.call('PUT', inspectionPaths.recentV2.build({ vehicleId: vehicle.vehicleId }), {
    version: workflow.version,
    workflowId: workflow.workflowId,
    responses: passingResponses(rules, vehicle),
    inspectionDate,
    completionDate: new Date(Date.parse(inspectionDate) + 600_000).toISOString(),
    ...(shift === undefined ? {} : { shift }),
    duration: 600,
  });
  if (res.status >= 300) throw new Error(`The inspection submission answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.inspectionId as string;
}
