/** What a vehicle tab not yet built shows. */
export const TAB_NOT_AVAILABLE = 'This tab is not available yet.';
