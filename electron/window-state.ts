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
