/** An alert's title in the body's dark text: Mantine's light alerts colour it, too faint on their tint for WCAG AA. */
export const READABLE_TITLE = { title: { color: 'var(--mantine-color-dark-9)' } } as const;
