import type {
  CreateLtiBody,
  CreatePmiBody,
  CreateScheduledMxBody,
  Lti,
  Pmi,
  ScheduledMx,
  UpdateInspectionVisitBody,
  UpdateScheduledMxBody,
} from '../../../core/schema/maintenance.ts';
import { ltis, pmis, scheduledMx } from '../../db/schema/index.ts';
import { completionColumns, visitColumns } from '../vehicle-records/completion.ts';
import type { VehicleRecordKind } from '../vehicle-records/records.ts';
import { ltiToApi, pmiToApi, scheduledMxToApi } from './presenter.ts';

const scheduledFor = (body: { mxDate?: string | undefined }) => (body.mxDate ? { mxDate: new Date(body.mxDate) } : {});
const newVisit = (body: { mxDate: string }) => ({ mxDate: new Date(body.mxDate), completed: false, completionDate: null });

/** Scheduled maintenance (part 1 §4, §5): a type and a date, the completed flags; announced as `mx`. */
export const scheduledMxKind: VehicleRecordKind<typeof scheduledMx, ScheduledMx, CreateScheduledMxBody, UpdateScheduledMxBody> = {
  table: scheduledMx,
  toApi: scheduledMxToApi,
  noun: 'scheduled maintenance',
  orderBy: scheduledMx.mxDate,
  fields: (body) => ({ ...newVisit(body), mxType: body.mxType }),
  changes: (current, body, now, zone) => ({
    ...scheduledFor(body),
    ...(body.mxType !== undefined ? { mxType: body.mxType } : {}),
    ...completionColumns(current, body, now, zone),
  }),
  event: (mx) => ({
    eventType: 'mx',
    mxType: mx.mxType,
  }),
};

type VisitTable = typeof ltis | typeof pmis;

/** An LTI or PMI (part 1 §4, §5): a date, the completed flags, Passed only while completed, notes. */
function visitKind<T extends VisitTable, Api extends Lti | Pmi>(
  table: T,
  toApi: (row: T['$inferSelect']) => Api,
  eventType: 'lti' | 'pmi',
): VehicleRecordKind<T, Api, CreateLtiBody | CreatePmiBody, UpdateInspectionVisitBody> {
  return {
    table,
    toApi,
    noun: eventType.toUpperCase(),
    orderBy: table.mxDate,
    fields: (body) => ({ ...newVisit(body), passed: null, notes: null }),
    changes: (current, body, now, zone) => ({
      ...scheduledFor(body),
      ...(body.notes !== undefined ? { notes: body.notes } : {}),
      ...visitColumns(current, body, now, zone),
    }),
    event: (visit) => ({
      eventType,
      passed: visit.passed,
      notes: visit.notes,
    }),
  };
}

export const ltiKind = visitKind(ltis, ltiToApi, 'lti');
export const pmiKind = visitKind(pmis, pmiToApi, 'pmi');
