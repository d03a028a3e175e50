import type { Vehicle, VehicleManagement, VehicleStatusRecord } from '../../../core/schema/vehicle.ts';
import { iso, isoOrNull, workflowIdOrNull, type RowOf } from '../../sync/presenters/presenter-helpers.ts';

/** Vehicles, with their management and status history, in their REST and feed shape. */

export function vehicleToApi(row: RowOf<'vehicles'>): Vehicle {
  const workflowId = workflowIdOrNull(row.workflowId);
  const eticDate = isoOrNull(row.eticDate);
  return {
    vehicleId: row.id,
    regNumber: row.regNumber,
    orgId: row.orgId,
    vehicleType: row.vehicleType,
    year: row.year,
    make: row.make,
    model: row.model,
    wrm: row.wrm,
    eolDate: row.eolDate,
    decommissionDate: isoOrNull(row.decommissionDate),
    lastReportedHours: row.lastReportedHours,
    lastReportedMileage: row.lastReportedMileage,
    fuelLevel: row.fuelLevel,
    sectionId: row.sectionId,
    workflowId,
    eticDate,
    management: [
      {
        sectionId: row.sectionId,
        workflowId,
        vehicleType: row.vehicleType,
        wrm: row.wrm,
        eolDate: row.eolDate,
        eticDate,
        validFrom: iso(row.managementValidFrom),
      },
    ],
    status: [{ status: row.status as Vehicle['status'][number]['status'], eticDate, validFrom: iso(row.statusValidFrom), userId: row.statusUserId }],
    lastModificationDate: iso(row.updatedAt),
  };
}

export const vehicleManagementToApi = (row: RowOf<'vehicleManagement'>): VehicleManagement => ({
  managementId: row.id,
  vehicleId: row.vehicleId,
  sectionId: row.sectionId,
  workflowId: workflowIdOrNull(row.workflowId),
  vehicleType: row.vehicleType,
  wrm: row.wrm,
  eolDate: row.eolDate,
  eticDate: isoOrNull(row.eticDate),
  validFrom: iso(row.validFrom),
});

export const vehicleStatusToApi = (row: RowOf<'vehicleStatuses'>): VehicleStatusRecord => ({
  statusId: row.id,
  vehicleId: row.vehicleId,
  status: row.status as VehicleStatusRecord['status'],
  eticDate: isoOrNull(row.eticDate),
  validFrom: iso(row.validFrom),
  userId: row.userId,
});
