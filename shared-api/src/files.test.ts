import { describe, expect, it } from 'vitest';
import { canUpload } from './files.ts';

describe('the upload gate before sending (R-5.4, R-9.3)', () => {
  it('lets images through from rating 25, not at 24 (R-5.4, R-6.10, R-9.3)', () => {
    expect(canUpload(24, 'image/png')).toBe(false);
    expect(canUpload(25, 'image/png')).toBe(true);
    expect(canUpload(25, 'image/jpeg')).toBe(true);
    expect(canUpload(-3)).toBe(false);
  });

  it('lets a gif through from rating 1000, not at 999 (R-9.3)', () => {
    expect(canUpload(999, 'image/gif')).toBe(false);
    expect(canUpload(1000, 'image/gif')).toBe(true);
  });
});
