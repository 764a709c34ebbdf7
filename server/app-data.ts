// Where Inkwell keeps its data on this platform: the per-user application-data folder.
import os from 'node:os';
import path from 'node:path';

export function inkwellDataDir(): string {
  const home = os.homedir();
  const appData =
    process.platform === 'win32'
      ? process.env.APPDATA ?? path.join(home, 'AppData', 'Roaming')
      : process.platform === 'darwin'
        ? path.join(home, 'Library', 'Application Support')
        : process.env.XDG_DATA_HOME ?? path.join(home, '.local', 'share');
  return path.join(appData, 'Inkwell');
}
