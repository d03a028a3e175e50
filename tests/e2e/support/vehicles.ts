import { randomBytes } from 'node:crypto';
import type { Vehicle } from '../../../core/schema/vehicle.ts';
import { apiAs, type Account } from './accounts.ts';

/** A registration no other test uses (E2E- marks vehicles the tests made). */
export const uniqueReg = (): string => `E2E-${randomBytes(4).toString('hex').toUpperCase()}`;

/**
 * A new vehicle in commission, made through the API by the account, in the section and workflow of a
 * seeded vehicle, so a test that changes a vehicle changes its own one.
 */
export async function createVehicle(baseUrl: string, account: Account, fields: { make?: string; model?: string } = {}) {
  const api = await apiAs(baseUrl, account);
  const seeded = ((await api.get('/data/v2/vehicles')).body as Vehicle[]).find((v) => v.decommissionDate === null && v.sectionId && v.workflowId);
  if (!seeded) throw new Error('No seeded vehicle to copy a section and workflow from');
  const res = await api.post('/data/v1/vehicles', {
    regNumber: uniqueReg(),
    vehicleType: seeded.vehicleType,
    sectionId: seeded.sectionId,
    workflowId: seeded.workflowId,
    ...fields,
  });
  if (res.status !== 201) throw new Error(`Could not create a test vehicle: ${res.status} ${JSON.stringify(res.body)}`);
  const vehicle = res.body as Vehicle;
  /** The vehicle as the server has it now. */
  const serverCopy = async (): Promise<Vehicle> => ((await api.get('/data/v2/vehicles')).body as Vehicle[]).find((v) => v.vehicleId === vehicle.vehicleId)!;
  return { vehicle, api, serverCopy };
}
