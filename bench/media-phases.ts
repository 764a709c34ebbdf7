// Where an upload's and an edit's image time goes, measured in this process with the site's
// own functions (`npm run bench:media -- --phases`): the header read, the edit's pass, and the
// files made from them, with the moment each file was ready to be stored; then the storing of
// those files in a folder alone. Each phase is run on its own, so its CPU time is its own: on a
// machine others share, compare CPU times; wall times are what two idle cores would give at best.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { imageSource } from '../server/media/image-source.ts';
import { makeImageFiles, type ImageInput } from '../server/media/image-files.ts';
import { applyModifiers } from '../server/media/image-edit.ts';
import type { Modifier } from '../server/media/edit-plan.ts';
import { FolderMediaStorage } from '../server/media/folder-storage.ts';
import type { MediaStorage } from '../server/media/storage.ts';

/** The edit bench:peer times: rotate 90, then crop the middle half. */
const EDIT: Modifier[] = [{ type: 'rotate', angle: 90 }, { type: 'crop', left: 25, top: 25, width: 50, height: 50 }];

interface Sample {
  wallMs: number;
  cpuMs: number;
}

async function sample(work: () => Promise<unknown>): Promise<Sample> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  await work();
  const used = process.cpuUsage(cpu);
  return { wallMs: performance.now() - started, cpuMs: (used.user + used.system) / 1000 };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** A storage that keeps the files in memory and notes when each was handed to it. */
function recordingStorage(): { storage: MediaStorage; files: Map<string, Buffer>; readyAt: Map<string, number>; start(): void } {
  const files = new Map<string, Buffer>();
  const readyAt = new Map<string, number>();
  let started = 0;
  const storage = {
    write: async (relative: string, bytes: Buffer) => {
      readyAt.set(relative, performance.now() - started);
      files.set(relative, bytes);
    },
    size: async () => null,
  } as unknown as MediaStorage;
  return { storage, files, readyAt, start: () => (started = performance.now()) };
}

function printRow(name: string, samples: Sample[]): void {
  const wall = median(samples.map((entry) => entry.wallMs));
  const cpu = median(samples.map((entry) => entry.cpuMs));
  console.log(`${name.padEnd(52)} ${wall.toFixed(1).padStart(8)} ${cpu.toFixed(1).padStart(8)}`);
}

/** Makes `input`'s files `runs` times; prints the phase and, by file, its size and when it was ready (median). */
async function filesPhase(name: string, relative: string, input: () => ImageInput, runs: number): Promise<Map<string, Buffer>> {
  const recorder = recordingStorage();
  const samples: Sample[] = [];
  const ready = new Map<string, number[]>();
  for (let run = 0; run < runs; run++) {
    recorder.readyAt.clear();
    const source = input();
    recorder.start();
    samples.push(await sample(() => makeImageFiles(recorder.storage, relative, source, { generateSubSizes: true, convertFormat: true })));
    for (const [file, at] of recorder.readyAt) ready.set(file, [...(ready.get(file) ?? []), at]);
  }
  printRow(name, samples);
  for (const [file, times] of [...ready].sort((a, b) => median(a[1]) - median(b[1]))) {
    console.log(`  ${path.posix.basename(file).padEnd(34)} ${(recorder.files.get(file)!.length / 1024).toFixed(0).padStart(6)} KB  ready at ${median(times).toFixed(1).padStart(6)} ms`);
  }
  return recorder.files;
}

/** Stores `files` in a fresh folder, all at once as the site does. */
async function storePhase(name: string, files: Map<string, Buffer>, runs: number): Promise<void> {
  const samples: Sample[] = [];
  for (let run = 0; run < runs; run++) {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-phases-'));
    const storage = new FolderMediaStorage(folder, false);
    samples.push(await sample(() => Promise.all([...files].map(([relative, bytes]) => storage.write(relative, bytes)))));
    fs.rmSync(folder, { recursive: true, force: true });
  }
  printRow(name, samples);
}

export async function printPhases(photo: Buffer, runs: number): Promise<void> {
  console.log(`\nphase (in this process, median of ${runs})                  wall ms   CPU ms`);
  const header: Sample[] = [];
  for (let run = 0; run < runs; run++) header.push(await sample(() => imageSource(photo, 'image/jpeg')));
  printRow('upload: header read', header);
  const uploaded = await filesPhase('upload: decode, then every size resized and encoded', '2026/11/photo.jpg', () => ({ bytes: photo, mime: 'image/jpeg' }), runs);
  await storePhase('upload: its files written to a folder', uploaded, runs);

  const passes: Sample[] = [];
  let edited = await applyModifiers(photo, 'image/jpeg', EDIT, false);
  for (let run = 0; run < runs; run++) passes.push(await sample(async () => (edited = await applyModifiers(photo, 'image/jpeg', EDIT, false))));
  printRow('edit: decode, crop and turn (one pass)', passes);
  const editedFiles = await filesPhase('edit: its file and sizes resized and encoded', '2026/11/photo-edited.jpg', () => ({ decoded: edited, mime: 'image/jpeg' }), runs);
  await storePhase('edit: its files written to a folder', editedFiles, runs);
}
