import { describe, expect, it } from 'vitest';
import { DEFAULT_SIZE, restoreWindowState, windowStateToSave } from './window-state';

const laptop = { x: 0, y: 0, width: 1920, height: 1040 };
const rightMonitor = { x: 1920, y: 0, width: 2560, height: 1400 };

describe('the window remembers its size and place', () => {
  it('reopens where it was closed', () => {
    const saved = windowStateToSave({ x: 100, y: 80, width: 1300, height: 900 }, false);
    expect(restoreWindowState(saved, [laptop])).toEqual({
      bounds: { x: 100, y: 80, width: 1300, height: 900 },
      maximized: false,
    });
  });

  it('reopens maximised, keeping the normal size for un-maximising', () => {
    const saved = windowStateToSave({ x: 2000, y: 50, width: 1400, height: 900 }, true);
    expect(restoreWindowState(saved, [laptop, rightMonitor])).toEqual({
      bounds: { x: 2000, y: 50, width: 1400, height: 900 },
      maximized: true,
    });
  });

  it('comes back to the default, centred, when its monitor was unplugged', () => {
    const saved = windowStateToSave({ x: 2200, y: 100, width: 1400, height: 900 }, false);
    expect(restoreWindowState(saved, [laptop])).toEqual({ bounds: { ...DEFAULT_SIZE }, maximized: false });
  });

  it('does not open with its title bar above the screen where it cannot be grabbed', () => {
    const saved = windowStateToSave({ x: 100, y: -500, width: 1200, height: 800 }, false);
    expect(restoreWindowState(saved, [laptop]).bounds).toEqual({ ...DEFAULT_SIZE });
  });

  it('shrinks to fit a smaller screen than last time', () => {
    const saved = windowStateToSave({ x: 0, y: 0, width: 2500, height: 1400 }, false);
    expect(restoreWindowState(saved, [laptop]).bounds).toEqual({ x: 0, y: 0, width: 1920, height: 1040 });
  });

  it.each([
    ['a missing file', undefined],
    ['a corrupt value', 'not an object'],
    ['NaN sizes', { x: 0, y: 0, width: Number.NaN, height: 800 }],
    ['a zero-size window', { x: 0, y: 0, width: 0, height: 0 }],
    ['absurd coordinates', { x: 1e12, y: 0, width: 1200, height: 800 }],
  ])('uses the default for %s', (_case, saved) => {
    expect(restoreWindowState(saved, [laptop])).toEqual({ bounds: { ...DEFAULT_SIZE }, maximized: false });
  });

  it('saves nothing invalid', () => {
    expect(windowStateToSave({ x: 0, y: 0, width: 10, height: 10 }, false)).toBeUndefined();
  });
});
