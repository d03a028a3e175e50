/**
 * Tire pressure for page 2's monthly requirement. Neither the AF1800 items nor the spec define a tire
 * pressure rule (item 30 is a pass/fail check), so a workflow records it with numeric rules whose
 * title names tire (or tyre) pressure, or names tires and is measured in psi. "front" or "rear" in
 * the title says which axle; a rule naming neither is one reading for every tire.
 */
export const TIRE_PRESSURE_RULE_TITLES = { front: 'Tire pressure (front)', rear: 'Tire pressure (rear)' } as const;

export type TireAxle = 'front' | 'rear' | 'both';

export function tirePressureAxle(title: string, units: string | null): TireAxle | null {
  if (!/\b(tire|tyre)s?\b/i.test(title)) return null;
  if (!/pressure|inflation|\bpsi\b/i.test(title) && units?.trim().toLowerCase() !== 'psi') return null;
  if (/\bfront\b/i.test(title)) return 'front';
  if (/\b(rear|back)\b/i.test(title)) return 'rear';
  return 'both';
}
