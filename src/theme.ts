import { createTheme, type MantineColorsTuple } from '@mantine/core';

/**
 * Navy primary: calm, reads as "official", and keeps white text above 7:1 contrast at the shades
 * used for filled buttons and the active link.
 */
const navy: MantineColorsTuple = ['#eef2f8', '#dbe3ef', '#b4c4dd', '#8aa3ca', '#6787b9', '#5175af', '#3f64a0', '#2f5289', '#24436f', '#1a3455'];

/**
 * Mantine's default gray 6 (the "dimmed" text colour) is about 3.3:1 on white, too faint for a tablet
 * held at arm's length in a bright motor pool. Shades 6 and 7 are darkened to pass WCAG AA (>= 4.5:1).
 */
const gray: MantineColorsTuple = ['#f8f9fa', '#f1f3f5', '#e9ecef', '#dee2e6', '#ced4da', '#adb5bd', '#5c6670', '#434b53', '#343a40', '#212529'];

/**
 * Mantine's red 6 (outline and light buttons' text, e.g. Decommission) is about 3.6:1 on white, short
 * of AA. Shades 6 and up are darkened so red text and white-on-red both reach 4.5:1.
 */
const red: MantineColorsTuple = ['#fff5f5', '#ffe3e3', '#ffc9c9', '#ffa8a8', '#ff8787', '#ff6b6b', '#d42a2a', '#c22525', '#ab2020', '#8f1b1b'];

/** Smallest height of anything a finger must hit (WCAG 2.5.5 asks 44; 42 is Mantine's md step). */
export const TOUCH_TARGET_PX = 42;

export const theme = createTheme({
  primaryColor: 'navy',
  primaryShade: { light: 7, dark: 5 },
  colors: { navy, gray, red },
  // Light and dark variants pick black or white text by luminance, so badges stay legible.
  autoContrast: true,
  // Keyboard users always see where they are; mouse and touch users are not distracted by rings.
  focusRing: 'auto',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  // One step up from Mantine's defaults: read at arm's length on a tablet.
  fontSizes: { xs: '0.8125rem', sm: '0.9375rem', md: '1.0625rem', lg: '1.1875rem', xl: '1.375rem' },
  lineHeights: { xs: '1.4', sm: '1.45', md: '1.55', lg: '1.6', xl: '1.65' },
  headings: {
    fontWeight: '650',
    sizes: {
      h1: { fontSize: '1.75rem', lineHeight: '1.3' },
      h2: { fontSize: '1.375rem', lineHeight: '1.35' },
      h3: { fontSize: '1.1875rem', lineHeight: '1.4' },
    },
  },
  defaultRadius: 'sm',
  cursorType: 'pointer',
  respectReducedMotion: true,
  components: {
    // Every control defaults to a size of at least TOUCH_TARGET_PX.
    Button: { defaultProps: { size: 'md' } },
    ActionIcon: { defaultProps: { size: TOUCH_TARGET_PX, variant: 'subtle' } },
    CloseButton: { defaultProps: { size: 'xl' } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
    NumberInput: { defaultProps: { size: 'md' } },
    Select: { defaultProps: { size: 'md' } },
    Textarea: { defaultProps: { size: 'md' } },
    Checkbox: { defaultProps: { size: 'md' } },
    Switch: { defaultProps: { size: 'md' } },
    NavLink: { styles: { root: { minHeight: TOUCH_TARGET_PX + 2 } } },
    Menu: { defaultProps: { shadow: 'md' }, styles: { item: { minHeight: TOUCH_TARGET_PX } } },
    Tooltip: { defaultProps: { openDelay: 300, withArrow: true } },
    // A dialog's title is its heading: it reads as one, not as body text.
    Modal: { defaultProps: { centered: true, size: 'lg' }, styles: { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } } },
    Popover: { defaultProps: { shadow: 'md', withArrow: true } },
    Card: { defaultProps: { withBorder: true, padding: 'md' } },
    Paper: { defaultProps: { withBorder: true } },
  },
});
