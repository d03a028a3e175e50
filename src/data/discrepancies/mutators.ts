import { completionAfterChange, reportedToMx } from '../../../core/rules/discrepancy.ts';
import { discrepancyResource } from '../../../core/schema/discrepancy.ts';
import { createRecordMutator, deleteRecordMutator, updateRecordMutator } from '../../sync/record-mutators.ts';
import { regNumberOf } from '../actor.ts';

/** Reports a discrepancy: POST .../mx/required with the create payload of part 1 §7. */
export const reportDiscrepancy = createRecordMutator(discrepancyResource, {
  name: 'reportDiscrepancy',
  async row(db, { parentId, id, userId, fields }) {
    const now = new Date().toISOString();
    return {
      mxId: id,
      vehicleId: parentId,
      regNumber: await regNumberOf(db, parentId),
      itemNo: fields.itemNo,
      discrepancy: fields.discrepancy,
      dateDiscovered: fields.dateDiscovered,
      inspectorId: fields.inspectorId ?? userId,
      reportMiles: fields.reportMiles ?? null,
      reportHours: fields.reportHours ?? null,
      ...reportedToMx(fields, now, userId),
      workOrder: null,
      validFrom: now,
      af1800StatusCode: null,
      mxUserId: null,
      disregard: false,
      systemCode: null,
      numFixed: 0,
      parentInspectionId: fields.parentInspectionId ?? null,
      actualCompletionDate: null,
      workDate: null,
      estCompletionDate: null,
      lastModificationDate: now,
    };
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
