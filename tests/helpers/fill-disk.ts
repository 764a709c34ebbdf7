// Another program's file that takes all the room left on a (small, test-mounted) disk but
// `leave` bytes, for the tests of a full disk; its path, to remove when there is room again.
import fs from 'node:fs';
import path from 'node:path';

export function fillDiskBut(disk: string, leave: number): string {
  // Written until the disk refuses, then cut back by `leave`: the room measured first could shrink
  // before the write (a database on that disk writing meanwhile), and the write then failed.
  const filler = path.join(disk, 'someone-elses-file');
  const file = fs.openSync(filler, 'w');
  const chunk = Buffer.alloc(1 << 20);
  let size = 0;
  try {
    for (;;) size += fs.writeSync(file, chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  }
  fs.ftruncateSync(file, Math.max(0, size - leave));
  fs.closeSync(file);
  return filler;
}
