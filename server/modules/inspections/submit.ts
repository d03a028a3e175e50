import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import { inspectionShift } from '../../../core/rules/af1800-form-shift.ts';
import { DEFAULT_TIME_ZONE } from '../../../core/rules/org-clock.ts';
import { judgeSubmission, type JudgedSubmission, type PictureRef } from '../../../core/rules/inspection-submission.ts';
import { sha256Schema } from '../../../core/schema/file.ts';
import type { InspectionDetail, InspectionSubmission } from '../../../core/schema/inspection.ts';
import { INT_MAX } from '../../../core/schema/common.ts';
import type { Principal } from '../../auth/principal.ts';
import { inspectionPictures, inspections, organizations } from '../../db/schema/index.ts';
import type { FileStore } from '../../files/store.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import type { RouteWrite, UploadedPart } from '../../http/route.ts';
import { vehicleEvent } from '../../stream/live-events.ts';
import { actorOf, type RecordScope } from '../vehicle-records/records.ts';
import { findVehicle } from '../vehicles/find-vehicle.ts';
import { openDiscrepancies, updateVehicleAfter } from './consequences.ts';
import { askedOf, derivedId, findInspection, inspectionDetail, newestInspection, submittedWorkflow, type InspectionRow } from './queries.ts';

/*
 * A submission (POST v1 multipart, PUT v2) records an inspection; an amendment (PATCH) adds failed
 * AF1800 items to one already recorded. Each is one write: the inspection, its pictures and all that
 * follows land together or not at all. Each is idempotent: the same request again answers what the
 * first one recorded and writes nothing (docs/inspections.md).
 */

export interface SubmissionInput {
  body: InspectionSubmission;
  /** The files of a multipart request (field `pictures`), named by the responses; null for JSON. */
  parts: UploadedPart[] | null;
}

export interface Submitted {
  inspection: InspectionDetail;
  /** False when the request repeated one that had landed. */
  created: boolean;
}

/** Inspections may be recorded a little ahead of the server's clock (a device's clock drifts), not more. */
const CLOCK_SKEW_MS = 5 * 60 * 1000;

function refused(errors: readonly string[]): never {
  throw badRequest(errors[0] ?? 'The inspection was refused', { errors: errors.map((message) => ({ message })) });
}

/** What makes a request the same request: its body and the bytes of its files. */
function fingerprint(input: SubmissionInput): string {
  return JSON.stringify([input.body, (input.parts ?? []).map((p) => [p.filename, p.file.sha256])]);
}

/** A request with neither id nor date is taken as a retry of the same one sent within this long. */
export const RETRY_WINDOW_MS = 10 * 60 * 1000;

/**
 * The ids a submission may already be recorded under, the one to record it under first: the client's
 * `inspectionId`; else, for a dated body, one derived from sender, vehicle, body and files (its dates
 * tell two inspections apart); else the same, in this retry window or the one before. So a retry
 * within ten minutes is one inspection, and two undated all-pass inspections of an idle vehicle on two
 * shifts of a day are two (they were one while the key held the day). docs/inspections.md "Retries".
 */
function submissionIds(input: SubmissionInput, userId: string, vehicleId: string, now: Date): string[] {
  const { body } = input;
  if (body.inspectionId) return [body.inspectionId];
  const key = (window: string) => derivedId('inspection', userId, vehicleId, fingerprint(input), window);
  if (body.inspectionDate) return [key('')];
  const window = Math.floor(now.getTime() / RETRY_WINDOW_MS);
  return [key(`w${window}`), key(`w${window - 1}`)];
}

/** Stores the pictures the responses name: parts of the request by file name, or files uploaded before by sha256. */
async function storePictures(scope: RecordScope, files: FileStore, p: Principal, inspectionId: string, refs: readonly PictureRef[], parts: UploadedPart[] | null) {
  const byName = new Map((parts ?? []).map((part) => [part.filename, part]));
  if (parts) {
    const named = new Set(refs.map((r) => r.name));
    const stray = parts.find((part) => !named.has(part.filename));
    if (stray) throw badRequest(`pictures: no response names the picture "${stray.filename}"`);
  }
  for (const ref of refs) {
    let sha256: string;
    if (parts) {
      const part = byName.get(ref.name);
      if (!part) throw badRequest(`${ref.ruleId}: no picture named "${ref.name}" was sent`);
      sha256 = (await files.record(scope, part.file, { by: p.userId, filename: part.filename })).sha256;
    } else {
      if (!sha256Schema.safeParse(ref.name).success) throw badRequest(`${ref.ruleId}: name each picture by the sha256 of a file uploaded before`);
      sha256 = (await files.hold(scope, { sha256: ref.name, filename: `${ref.ruleId}.picture` }, 'picture')).sha256;
    }
    await scope.tx
      .insert(inspectionPictures)
      .values({
        id: derivedId(inspectionId, ref.resultId, sha256),
        orgId: scope.orgId,
        rev: scope.rev,
        inspectionId,
        resultId: ref.resultId,
        ruleId: ref.ruleId,
        itemNo: ref.itemNo,
        fileId: sha256,
        annotation: null,
        createdAt: scope.now,
        updatedAt: scope.now,
      })
      .onConflictDoNothing();
  }
}

function judged(rules: Parameters<typeof judgeSubmission>[0], body: InspectionSubmission, options: Parameters<typeof judgeSubmission>[2]): JudgedSubmission {
  const judgement = judgeSubmission(rules, body, options);
  if (!judgement.ok) refused(judgement.errors);
  return judgement.value;
}

/** When the inspection began and ended: as sent, else ending now and beginning its duration before. */
function timesOf(body: InspectionSubmission, now: Date) {
  const completion = body.completionDate ? new Date(body.completionDate) : now;
  const start = body.inspectionDate ? new Date(body.inspectionDate) : new Date(completion.getTime() - (body.duration ?? 0) * 1000);
  if (start.getTime() > now.getTime() + CLOCK_SKEW_MS) throw badRequest('inspectionDate: an inspection cannot have been performed in the future');
  if (completion.getTime() > now.getTime() + CLOCK_SKEW_MS) throw badRequest('completionDate: an inspection cannot have ended in the future');
  if (completion.getTime() < start.getTime()) throw badRequest('completionDate: an inspection cannot end before it began');
  const duration = body.duration ?? Math.round((completion.getTime() - start.getTime()) / 1000);
  if (duration > INT_MAX) throw badRequest('inspectionDate: an inspection cannot have lasted that long; check its dates');
  return { start, completion, duration };
}

async function shiftOf(scope: RecordScope, sent: number | undefined, at: Date): Promise<number> {
  if (sent !== undefined) return sent;
  const [org] = await scope.tx
    .select({ shiftTimes: organizations.shiftTimes, timeZone: organizations.timeZone })
    .from(organizations)
    .where(eq(organizations.id, scope.orgId));
  return inspectionShift({ shift: null }, at.getTime(), org?.shiftTimes ?? [], org?.timeZone ?? DEFAULT_TIME_ZONE);
}

async function isNewest(scope: RecordScope, row: InspectionRow): Promise<boolean> {
  const [later] = await scope.tx
    .select({ id: inspections.id })
    .from(inspections)
    .where(
      and(
        eq(inspections.orgId, scope.orgId),
        eq(inspections.vehicleId, row.vehicleId),
        isNull(inspections.deletedAt),
        gt(inspections.inspectionDate, row.inspectionDate),
      ),
    )
    .limit(1);
  return later === undefined;
}

/** POST v1 / PUT v2 .../inspection/recent: records an inspection of the vehicle and what follows from it. */
export async function submitInspection(write: RouteWrite, files: FileStore, p: Principal, vehicleId: string, input: SubmissionInput): Promise<Submitted> {
  const { body } = input;
  return write(async (scope) => {
    const { tx, rev, now, orgId } = scope;
    const vehicle = await findVehicle(tx, orgId, vehicleId);
    const workflow = await submittedWorkflow(tx, orgId, body.workflowId, body.version);
    const ids = submissionIds(input, p.userId, vehicle.id, now);
    // Ids are unique across organizations: one another organization holds is refused like another
    // vehicle's (409), without saying whose it is.
    const [existing] = await tx.select().from(inspections).where(inArray(inspections.id, ids));
    if (existing) {
      if (existing.orgId !== orgId || existing.vehicleId !== vehicle.id) throw conflict('inspectionId: this id names an inspection of another vehicle');
      return { inspection: await inspectionDetail(tx, existing), created: false };
    }
    const id = ids[0]!;
    const { start, completion, duration } = timesOf(body, now);
    const strict = vehicle.workflowId === workflow.id && body.version === workflow.version;
    const asked = strict ? await askedOf(tx, orgId, vehicle.id, workflow.rules, start) : undefined;
    const outcome = judged(workflow.rules, body, { strict, asked, resultIdOf: (position) => derivedId(id, String(position)) });
    const [row] = await tx
      .insert(inspections)
      .values({
        id,
        orgId,
        rev,
        vehicleId: vehicle.id,
        regNumber: vehicle.regNumber,
        parentInspectionId: body.parentInspectionId ?? null,
        workflowId: workflow.id,
        workflowVersion: body.version,
        inspectionDate: start,
        completionDate: completion,
        submissionDate: now,
        miles: outcome.miles,
        hours: outcome.hours,
        passed: outcome.passed,
        numFixes: outcome.numFixes,
        numNotes: outcome.numNotes,
        inspectorId: p.userId,
        inspectorName: actorOf(p).name,
        shift: await shiftOf(scope, body.shift, start),
        durationSeconds: duration,
        fuelLevel: outcome.fuelLevel,
        results: outcome.results,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const inspection = row!;
    await storePictures(scope, files, p, id, outcome.pictures, input.parts);
    const newest = await isNewest(scope, inspection);
    const opened = await openDiscrepancies(scope, p, vehicle, outcome.failures, {
      inspectionId: id,
      dateDiscovered: start,
      inspectorId: p.userId,
      reportMiles: outcome.miles,
      reportHours: outcome.hours,
      skipOpenItems: true,
    });
    scope.publish(vehicleEvent(vehicle, p.userId, { eventType: 'inspection', discrepancies: opened }));
    const readings = newest ? outcome : { miles: null, hours: null, fuelLevel: null };
    await updateVehicleAfter(scope, p, vehicle, outcome.failures, { miles: readings.miles, hours: readings.hours, fuelLevel: readings.fuelLevel });
    return { inspection: await inspectionDetail(tx, inspection), created: true };
  });
}

/**
 * PATCH .../inspection/recent: an amendment. Adds its responses (failed pass/fail AF1800 items, part 1
 * §7) to the inspection it names (`parentInspectionId`), else to the vehicle's newest, marked with who
 * amended and when, and reports each as a discrepancy of that inspection.
 */
export async function amendInspection(write: RouteWrite, files: FileStore, p: Principal, vehicleId: string, input: SubmissionInput): Promise<Submitted> {
  const { body } = input;
  return write(async (scope) => {
    const { tx, rev, now, orgId } = scope;
    const vehicle = await findVehicle(tx, orgId, vehicleId);
    const workflow = await submittedWorkflow(tx, orgId, body.workflowId, body.version);
    const target = body.parentInspectionId ? await findInspection(tx, orgId, vehicle.id, body.parentInspectionId) : await newestInspection(tx, orgId, vehicle.id);
    if (!target) throw badRequest('This vehicle has no inspection to amend');
    // A response's result id: as sent, else made from the response, so that a retry names the same result.
    const responses = body.responses.map((r) => ({ ...r, resultId: r.resultId ?? derivedId(target.id, p.userId, JSON.stringify(r)) }));
    const known = new Set(target.results.map((r) => r.resultId));
    const fresh = responses.filter((r) => !known.has(r.resultId));
    if (fresh.length === 0) return { inspection: await inspectionDetail(tx, target), created: false };
    const strict = vehicle.workflowId === workflow.id && body.version === workflow.version;
    const outcome = judged(
      workflow.rules,
      { ...body, responses: fresh },
      {
        strict,
        resultIdOf: (position) => derivedId(target.id, String(position)),
        firstPosition: target.results.length,
        amendment: { at: now.toISOString(), by: actorOf(p).name ?? p.email },
      },
    );
    const results = [...target.results, ...outcome.results];
    const [row] = await tx
      .update(inspections)
      .set({
        results,
        passed: target.passed && outcome.passed,
        numFixes: results.filter((r) => r.isFixed).length,
        numNotes: results.filter((r) => r.result.isPassing && r.comment !== null).length,
        rev,
        updatedAt: now,
      })
      .where(and(eq(inspections.orgId, orgId), eq(inspections.id, target.id)))
      .returning();
    await storePictures(scope, files, p, target.id, outcome.pictures, input.parts);
    await openDiscrepancies(scope, p, vehicle, outcome.failures, {
      inspectionId: target.id,
      dateDiscovered: target.inspectionDate,
      inspectorId: target.inspectorId,
      reportMiles: body.miles ?? null,
      reportHours: body.hours ?? null,
      skipOpenItems: false,
    });
    await updateVehicleAfter(scope, p, vehicle, outcome.failures, { miles: null, hours: null, fuelLevel: null });
    return { inspection: await inspectionDetail(tx, row!), created: true };
  });
}
