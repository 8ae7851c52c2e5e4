import { describe, expect, it } from 'vitest';
import { autoCloseFor } from './notify';

describe('notification durations', () => {
  it('closes after 5000 ms by default and 8000 ms for errors; 0 means stay', () => {
    expect(autoCloseFor('success')).toBe(5000);
    expect(autoCloseFor('info')).toBe(5000);
    expect(autoCloseFor('warning')).toBe(5000);
    expect(autoCloseFor('error')).toBe(8000);
    expect(autoCloseFor('error', 0)).toBe(false);
    expect(autoCloseFor('success', 1200)).toBe(1200);
  });
});
