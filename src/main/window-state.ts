import { z } from 'zod';

export const MIN_WIDTH = 800;
export const MIN_HEIGHT = 560;
export const DEFAULT_SIZE = { width: 1200, height: 800 } as const;

/** A rectangle in screen coordinates, as Electron's Rectangle. */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What is saved between runs. Sizes are bounded so a corrupt file cannot make a giant or invisible window. */
export const SavedWindowState = z.object({
  x: z.int().min(-100_000).max(100_000),
  y: z.int().min(-100_000).max(100_000),
  width: z.int().min(MIN_WIDTH).max(20_000),
  height: z.int().min(MIN_HEIGHT).max(20_000),
  maximized: z.boolean().default(false),
});
export type SavedWindowState = z.infer<typeof SavedWindowState>;

export interface InitialWindowState {
  /** x/y are absent when the window should be centred on the primary display. */
  bounds: { x?: number; y?: number; width: number; height: number };
  maximized: boolean;
}

// The title bar must be on a screen by at least this much, or the window cannot be grabbed.
const GRAB_WIDTH = 120;
const GRAB_HEIGHT = 32;

function overlap(a: Rect, b: Rect): { width: number; height: number } {
  return {
    width: Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x),
    height: Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y),
  };
}

/**
 * The window's first size and place: the saved one when it is valid and its
 * title bar is still on one of today's displays (a monitor may have been
 * unplugged), shrunk to fit that display; otherwise the default size, centred.
 */
export function restoreWindowState(saved: unknown, workAreas: readonly Rect[]): InitialWindowState {
  const fallback: InitialWindowState = { bounds: { ...DEFAULT_SIZE }, maximized: false };
  const parsed = SavedWindowState.safeParse(saved);
  if (!parsed.success) return fallback;
  const state = parsed.data;
  const titleBar = { x: state.x, y: state.y, width: state.width, height: GRAB_HEIGHT };
  const display = workAreas.find((area) => {
    const seen = overlap(titleBar, area);
    return seen.width >= Math.min(GRAB_WIDTH, state.width) && seen.height >= GRAB_HEIGHT;
  });
  if (!display) return { bounds: { ...DEFAULT_SIZE }, maximized: state.maximized };
  return {
    bounds: {
      x: state.x,
      y: state.y,
      width: Math.max(MIN_WIDTH, Math.min(state.width, display.width)),
      height: Math.max(MIN_HEIGHT, Math.min(state.height, display.height)),
    },
    maximized: state.maximized,
  };
}

/** What to save on close: the normal (unmaximised) bounds, so un-maximising next time restores them. */
export function windowStateToSave(normalBounds: Rect, maximized: boolean): SavedWindowState | undefined {
  const parsed = SavedWindowState.safeParse({
    x: Math.round(normalBounds.x),
    y: Math.round(normalBounds.y),
    width: Math.round(normalBounds.width),
    height: Math.round(normalBounds.height),
    maximized,
  });
  return parsed.success ? parsed.data : undefined;
}
