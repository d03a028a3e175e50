import { describe, expect, it } from 'vitest';
import { PHOTO_MAX_SIDE_PX, scaledSize } from './scale-photo.ts';

describe('scaledSize', () => {
  it('brings the longest side down to the limit, keeping the shape', () => {
    expect(scaledSize(4032, 3024)).toEqual({ width: PHOTO_MAX_SIDE_PX, height: 1536 });
    expect(scaledSize(3024, 4032)).toEqual({ width: 1536, height: PHOTO_MAX_SIDE_PX });
  });

  it('leaves a photo within the limit as it is', () => {
    expect(scaledSize(1600, 1200)).toEqual({ width: 1600, height: 1200 });
  });
});
