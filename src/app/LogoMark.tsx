interface LogoMarkProps {
  /** Edge length in px. */
  size?: number;
}

/**
 * The product mark: a shield (readiness) with a check, drawn inline so it shows offline and before
 * any asset has loaded. Decorative: the product name beside it carries the meaning.
 */
export function LogoMark({ size = 40 }: LogoMarkProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx="9" fill="var(--mantine-color-navy-8, #24436f)" />
      <path d="M20 7 L31 11 V19.5 C31 26.5 26.4 31.3 20 33.5 C13.6 31.3 9 26.5 9 19.5 V11 Z" fill="none" stroke="#ffffff" strokeWidth="2.4" strokeLinejoin="round" />
      <path d="M14.5 20.5 L18.5 24.5 L26 16.5" fill="none" stroke="#f2c14e" strokeWidth="2.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
