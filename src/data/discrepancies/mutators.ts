import { completionAfterChange, reportedToMx } from '../../../core/rules/discrepancy.ts';
import { discrepancyResource, type Discrepancy } from '../../../core/schema/discrepancy.ts';
import { createRecordMutator, deleteRecordMutator, updateRecordMutator } from '../../sync/record-mutators.ts';
import { regNumberOf } from '../actor.ts';

/** What a new discrepancy is made of: the report; the rest is what every new discrepancy starts with. */
export interface NewDiscrepancy {
  mxId: string;
  vehicleId: string;
  regNumber: string;
  itemNo: number;
  discrepancy: string;
  dateDiscovered: string;
  inspectorId: string | null;
  reportMiles: number | null;
  reportHours: number | null;
  parentInspectionId: string | null;
  /** Who reports it (reported to maintenance at once when miles or hours come with it), and when. */
  reporterId: string;
  at: string;
}

/** A new discrepancy's row as the server stores it (the optimistic copy of a report or an amendment). */
export function newDiscrepancyRow({ reporterId, at, ...report }: NewDiscrepancy): Discrepancy {
  return {
    ...report,
    ...reportedToMx(report, at, reporterId),
    workOrder: null,
    validFrom: at,
    af1800StatusCode: null,
    mxUserId: null,
    disregard: false,
    systemCode: null,
    numFixed: 0,
    actualCompletionDate: null,
    workDate: null,
    estCompletionDate: null,
    lastModificationDate: at,
  };
}

/** Reports a discrepancy: POST .../mx/required with the create payload of part 1 §7. */
export const reportDiscrepancy = createRecordMutator(discrepancyResource, {
  name: 'reportDiscrepancy',
  async row(db, { parentId, id, userId, fields }) {
    return newDiscrepancyRow({
      mxId: id,
      vehicleId: parentId,
      regNumber: await regNumberOf(db, parentId),
      itemNo: fields.itemNo,
      discrepancy: fields.discrepancy,
      dateDiscovered: fields.dateDiscovered,
      inspectorId: fields.inspectorId ?? userId,
      reportMiles: fields.reportMiles ?? null,
      reportHours: fields.reportHours ?? null,
      parentInspectionId: fields.parentInspectionId ?? null,
      reporterId: userId,
      at: new Date().toISOString(),
    });
  },
});

/** Works a discrepancy: PATCH .../mx/required/{reqId} with the changed fields; a closing code completes it. */
export const updateDiscrepancy = updateRecordMutator(discrepancyResource, {
  name: 'updateDiscrepancy',
  async next(_db, row, { changes }) {
    const now = new Date();
    return {
      ...row,
      ...Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)),
      actualCompletionDate: completionAfterChange(row, changes, now),
      validFrom: now.toISOString(),
      lastModificationDate: now.toISOString(),
    };
  },
});

/** Deletes a discrepancy: DELETE .../mx/required/{reqId}. */
export const deleteDiscrepancy = deleteRecordMutator(discrepancyResource, { name: 'deleteDiscrepancy' });
