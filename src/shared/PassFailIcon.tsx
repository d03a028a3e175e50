import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';

export interface PassFailIconProps {
  passing: boolean;
  /** Its name for assistive technology (default 'Pass' or 'Fail'); null when text beside it says it. */
  label?: string | null;
  size?: number;
}

/**
 * A passed or failed check as a green tick or a red cross (the inspection grids). A plain element, as
 * StatusIcon: a grid draws one per row.
 */
export function PassFailIcon({ passing, label, size = 20 }: PassFailIconProps) {
  const Glyph = passing ? IconCircleCheck : IconCircleX;
  const name = label === undefined ? (passing ? 'Pass' : 'Fail') : label;
  return (
    <span
      {...(name === null ? { 'aria-hidden': true } : { role: 'img', 'aria-label': name, title: name })}
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        flex: 'none',
        color: passing ? 'var(--mantine-color-green-8)' : 'var(--mantine-color-red-8)',
      }}
    >
      <Glyph size={size} aria-hidden />
    </span>
  );
}
