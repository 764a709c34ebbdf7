// The desktop app's log file: what went wrong (a start that failed, with the stack; the
// editor's or the local site's process stopping or hanging), for a bug report. The dialogs
// name the file and Help > Open Log File opens it: a packaged app has no terminal to print to.
import fs from 'node:fs';
import path from 'node:path';

export function logFailure(file: string, what: string, error: unknown): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const detail = error instanceof Error ? error.stack ?? error.message : String(error);
  fs.appendFileSync(file, `${new Date().toISOString()} ${what}: ${detail}\n`);
}

/** The log file, made when nothing was written yet (so that opening it shows an empty log, not an error). */
export function ensureLog(file: string): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.appendFileSync(file, '');
  return file;
}
