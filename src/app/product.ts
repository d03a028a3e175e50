/**
 * The user-facing product name when the host app gives none. The spec asks builders for a neutral
 * placeholder (part 1 §1); the real name is passed in as `productName`.
 */
export const DEFAULT_PRODUCT_NAME = 'Fleet Readiness';
