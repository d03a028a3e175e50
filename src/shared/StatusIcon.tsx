import { IconAlertTriangle, IconCircleCheck, IconCircleX, IconTool, type Icon } from '@tabler/icons-react';
import { VEHICLE_STATUS_LABELS, type VehicleStatus } from '../../core/schema/vehicle.ts';

/** Part 2 §9 chart colours: FMC green, warning yellow, inoperable red, in Mx grey. */
const STATUS_LOOK: Record<VehicleStatus, { icon: Icon; color: string }> = {
  valid: { icon: IconCircleCheck, color: 'var(--mantine-color-green-8)' },
  warning: { icon: IconAlertTriangle, color: 'var(--mantine-color-yellow-6)' },
  invalid: { icon: IconCircleX, color: 'var(--mantine-color-red-8)' },
  inMx: { icon: IconTool, color: 'var(--mantine-color-gray-7)' },
};

/**
 * A vehicle status as an icon with its name for assistive technology (FMC, Warning, Inoperable, In Mx).
 * A plain element: Fleet Details draws one in every visible row, again on each filter and sort.
 */
export function StatusIcon({ status, size = 26 }: { status: VehicleStatus; size?: number }) {
  const { icon: StatusGlyph, color } = STATUS_LOOK[status];
  const label = VEHICLE_STATUS_LABELS[status];
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      style={{ display: 'inline-flex', alignItems: 'center', justifyContent: 'center', width: size, height: size, flex: 'none', color }}
    >
      <StatusGlyph size={size - 4} aria-hidden />
    </span>
  );
}
