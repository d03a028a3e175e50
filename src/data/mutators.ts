import type { Mutator } from '../sync/mutator.ts';
import { deleteDiscrepancy, reportDiscrepancy, updateDiscrepancy } from './discrepancies/mutators.ts';
import { deleteDocument, updateDocument, uploadDocument } from './documents/mutators.ts';
import { amendInspection } from './inspections/amend-inspection.ts';
import { submitInspection } from './inspections/submit-inspection.ts';
import { scheduleLti, scheduleMx, schedulePmi, updateLti, updatePmi, updateScheduledMx } from './maintenance/mutators.ts';
import { addNote } from './notes/mutators.ts';
import { addSectionMels, addVehicleTypeMels, deleteMel, updateMel } from './organization/mel-mutators.ts';
import { updateContact, updateLeadTimes, updateShiftTimes, updateTimeZone } from './organization/option-mutators.ts';
import { createSection, deleteSection, renameSection } from './organization/section-mutators.ts';
import { saveSetting } from './settings/save-setting.ts';
import { createTdy, updateTdy } from './tdys/mutators.ts';
import { createUser } from './users/create-user.ts';
import { updateProfile } from './users/update-profile.ts';
import { updateUser } from './users/update-user.ts';
import { createVehicleType } from './vehicle-types/create-vehicle-type.ts';
import { createVehicle } from './vehicles/create-vehicle.ts';
import { setCommission } from './vehicles/set-commission.ts';
import { updateVehicle } from './vehicles/update-vehicle.ts';
import { discrepancyPictures, waiverPictures } from './pictures/picture-mutators.ts';
import { createWaiver, deleteWaiver, updateWaiver, uploadWaiverCard } from './waivers/mutators.ts';
import { scheduleWash, updateWash } from './washes/mutators.ts';
import { addSavedRule, deactivateWorkflow, replaceWorkflow, restoreWorkflow, saveWorkflowAs } from './workflows/mutators.ts';

const { add: addDiscrepancyPicture, caption: captionDiscrepancyPicture, remove: deleteDiscrepancyPicture } = discrepancyPictures;
const { add: addWaiverPicture, caption: captionWaiverPicture, remove: deleteWaiverPicture } = waiverPictures;

export {
  addNote,
  scheduleWash,
  updateWash,
  scheduleMx,
  updateScheduledMx,
  scheduleLti,
  updateLti,
  schedulePmi,
  updatePmi,
  createTdy,
  updateTdy,
  reportDiscrepancy,
  updateDiscrepancy,
  deleteDiscrepancy,
  amendInspection,
  submitInspection,
  createWaiver,
  updateWaiver,
  deleteWaiver,
  uploadWaiverCard,
  uploadDocument,
  updateDocument,
  deleteDocument,
  addDiscrepancyPicture,
  captionDiscrepancyPicture,
  deleteDiscrepancyPicture,
  addWaiverPicture,
  captionWaiverPicture,
  deleteWaiverPicture,
  createSection,
  renameSection,
  deleteSection,
  addSectionMels,
  addVehicleTypeMels,
  updateMel,
  deleteMel,
  updateLeadTimes,
  updateTimeZone,
  updateShiftTimes,
  updateContact,
  saveWorkflowAs,
  replaceWorkflow,
  deactivateWorkflow,
  restoreWorkflow,
  addSavedRule,
};
export { createUser, createVehicle, createVehicleType, saveSetting, setCommission, updateProfile, updateUser, updateVehicle };

/**
 * Every mutator of the app. Outbox entries store only a mutator's name and arguments, so each must
 * stay listed for as long as entries of it may wait in an outbox: the app and the pull worker install
 * this list into the sync engine (src/sync/mutator-registry.ts). Add each new mutator here.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a list of mutators of different arguments
export const MUTATORS: readonly Mutator<any>[] = [
  updateProfile,
  saveSetting,
  createUser,
  updateUser,
  createVehicle,
  createVehicleType,
  updateVehicle,
  setCommission,
  addNote,
  scheduleWash,
  updateWash,
  scheduleMx,
  updateScheduledMx,
  scheduleLti,
  updateLti,
  schedulePmi,
  updatePmi,
  createTdy,
  updateTdy,
  reportDiscrepancy,
  updateDiscrepancy,
  deleteDiscrepancy,
  amendInspection,
  submitInspection,
  addDiscrepancyPicture,
  captionDiscrepancyPicture,
  deleteDiscrepancyPicture,
  createWaiver,
  updateWaiver,
  deleteWaiver,
  addWaiverPicture,
  captionWaiverPicture,
  deleteWaiverPicture,
  uploadWaiverCard,
  uploadDocument,
  updateDocument,
  deleteDocument,
  createSection,
  renameSection,
  deleteSection,
  addSectionMels,
  addVehicleTypeMels,
  updateMel,
  deleteMel,
  updateLeadTimes,
  updateTimeZone,
  updateShiftTimes,
  updateContact,
  saveWorkflowAs,
  replaceWorkflow,
  deactivateWorkflow,
  restoreWorkflow,
  addSavedRule,
];
