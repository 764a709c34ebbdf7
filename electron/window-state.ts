// The main window's size, position and maximised state, remembered between runs.
import fs from 'node:fs';
import path from 'node:path';

export interface WindowState {
  x?: number;
  y?: number;
  width: number;
  height: number;
  maximized: boolean;
}

export const DEFAULT_WINDOW_STATE: WindowState = { width: 1280, height: 860, maximized: false };

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** A saved state, or the default when the file is missing or damaged. */
export function loadWindowState(file: string): WindowState {
  try {
    const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<WindowState>;
    if (!isFiniteNumber(saved.width) || !isFiniteNumber(saved.height) || saved.width < 400 || saved.height < 300) return DEFAULT_WINDOW_STATE;
    return {
      width: saved.width,
      height: saved.height,
      maximized: saved.maximized === true,
      ...(isFiniteNumber(saved.x) && isFiniteNumber(saved.y) ? { x: saved.x, y: saved.y } : {}),
    };
  } catch {
    return DEFAULT_WINDOW_STATE;
  }
}

export function saveWindowState(file: string, state: WindowState): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.tmp`;
  fs.writeFileSync(temporary, JSON.stringify(state));
  fs.renameSync(temporary, file);
}

/** A screen's usable area (Electron's Display.workArea). */
export interface ScreenArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** How much of the title bar must lie on a screen for the window to be grabbed and moved. */
const GRAB_WIDTH = 100;
const GRAB_HEIGHT = 24;

function titleBarOn(state: WindowState, area: ScreenArea): boolean {
  const left = Math.max(state.x!, area.x);
  const right = Math.min(state.x! + state.width, area.x + area.width);
  const top = Math.max(state.y!, area.y);
  const bottom = Math.min(state.y! + GRAB_HEIGHT, area.y + area.height);
  return right - left >= GRAB_WIDTH && bottom - top >= GRAB_HEIGHT;
}

/**
 * The saved state fitted to the screens there are now: a position is kept only where the
 * title bar lies on one of them (a screen may have been unplugged or rearranged since),
 * else the window opens centred; it is never larger than the screen it opens on.
 */
export function onVisibleScreen(state: WindowState, screens: ScreenArea[]): WindowState {
  if (screens.length === 0) return state;
  const home = state.x !== undefined && state.y !== undefined ? screens.find((area) => titleBarOn(state, area)) : undefined;
  const area = home ?? screens[0];
  const fitted = { width: Math.min(state.width, area.width), height: Math.min(state.height, area.height), maximized: state.maximized };
  return home ? { ...fitted, x: state.x!, y: state.y! } : fitted;
}
