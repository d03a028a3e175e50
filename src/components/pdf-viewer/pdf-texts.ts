/** The PDF viewer's texts (part 1 §8) and its default scale (part 1 §9). */
export const PDF_TEXTS = {
  loadFailed: 'Failed to load PDF file.',
  loading: 'Loading PDF…',
  noFile: 'No PDF file specified.',
  pageFailed: 'Failed to load the page.',
  enterPassword: 'Enter the password to open this PDF file.',
  wrongPassword: 'Invalid password. Please try again.',
} as const;

export const DEFAULT_PDF_SCALE = 1;
export const PDF_SCALE_STEP = 0.25;
export const PDF_SCALE_MIN = 0.5;
export const PDF_SCALE_MAX = 3;
