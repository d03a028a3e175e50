import type { KnownVehicle } from '../../core/rules/vehicle-form.ts';
import type { Section } from '../../core/schema/organization.ts';
import type { VehicleType } from '../../core/schema/vehicle.ts';
import type { Workflow } from '../../core/schema/workflow.ts';
import type { TypeaheadOption } from '../components/Typeahead.tsx';

const byText = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base', numeric: true });

/** The section picker's choices: the organization's sections by name. */
export function sectionChoices(sections: readonly Section[]): TypeaheadOption[] {
  return [...sections].sort((a, b) => byText(a.sectionName, b.sectionName)).map((s) => ({ value: s.sectionId, label: s.sectionName }));
}

/**
 * The workflow picker's choices: active workflows by title (values are the numeric id as text). The
 * vehicle's current workflow stays listed even when inactive, so the picker can show it.
 */
export function workflowChoices(workflows: readonly Workflow[], currentId: number | null = null): TypeaheadOption[] {
  return workflows
    .filter((w) => w.active || w.workflowId === currentId)
    .sort((a, b) => byText(a.title, b.title))
    .map((w) => ({ value: String(w.workflowId), label: w.title }));
}

/** The organization's vehicle type names, each once (case-insensitive), sorted. */
export function vehicleTypeNames(types: readonly VehicleType[]): string[] {
  const seen = new Map<string, string>();
  for (const t of types) {
    const key = t.vehicleType.trim().toLowerCase();
    if (!seen.has(key)) seen.set(key, t.vehicleType);
  }
  return [...seen.values()].sort(byText);
}

export function knownVehicles(vehicles: readonly KnownVehicle[]): KnownVehicle[] {
  return vehicles.map(({ vehicleId, regNumber, decommissionDate }) => ({ vehicleId, regNumber, decommissionDate }));
}
