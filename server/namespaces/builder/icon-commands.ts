// How icon sets get into a site: `npm run site -- icons add|list|remove`. Every file of
// the folder must be an SVG image; each is sanitised before it is stored, and a set is
// stored whole or not at all.
import fs from 'node:fs';
import path from 'node:path';
import type { Store } from '../../store/db.ts';
import { deleteIconSet, insertIconSet, listIconSets, type IconSetSummary, type StoredIcon } from './store/icon-sets.ts';
import { sanitiseSvg, SvgRefused } from './svg-sanitise.ts';

/** A class-name prefix, also the set's folder in the export: `my-icons-`, `mi_`. */
const PREFIX = /^[a-z][a-z0-9_-]{0,39}$/;
const MAX_NAME_LENGTH = 200;
const MAX_ICONS = 5000;

export interface IconFile {
  fileName: string;
  bytes: Buffer;
}

/** The icon's name from its file name: `Arrow Left.svg` -> `arrow-left`. */
export function iconName(fileName: string): string {
  return path
    .basename(fileName, path.extname(fileName))
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-_]+|[-_]+$/g, '');
}

/** Validates and sanitises a whole set; throws with every refused file named. */
export function prepareIconSet(input: { name: string; prefix: string; files: readonly IconFile[] }): { name: string; prefix: string; icons: StoredIcon[] } {
  const name = input.name.trim();
  if (name === '' || name.length > MAX_NAME_LENGTH) throw new Error(`The set's name must be 1 to ${MAX_NAME_LENGTH} characters.`);
  if (!PREFIX.test(input.prefix)) {
    throw new Error('The prefix must start with a lower-case letter and hold only a-z, 0-9, "-" and "_" (at most 40 characters).');
  }
  if (input.files.length === 0) throw new Error('The folder has no icons: add SVG files to it.');
  if (input.files.length > MAX_ICONS) throw new Error(`A set holds at most ${MAX_ICONS} icons.`);
  const refused: string[] = [];
  const icons = new Map<string, StoredIcon & { fileName: string }>();
  for (const file of input.files) {
    if (path.extname(file.fileName).toLowerCase() !== '.svg') {
      refused.push(`${file.fileName}: not an .svg file`);
      continue;
    }
    const icon = iconName(file.fileName);
    if (icon === '') {
      refused.push(`${file.fileName}: its name has no letters or digits to name the icon by`);
      continue;
    }
    const clash = icons.get(icon);
    if (clash) {
      refused.push(`${file.fileName}: same icon name "${icon}" as ${clash.fileName}`);
      continue;
    }
    try {
      icons.set(icon, { name: icon, svg: sanitiseSvg(file.bytes), fileName: file.fileName });
    } catch (error) {
      if (!(error instanceof SvgRefused)) throw error;
      refused.push(`${file.fileName}: not an SVG image: ${error.message}`);
    }
  }
  if (refused.length > 0) throw new Error(`Nothing was added; these files were refused:\n  ${refused.join('\n  ')}`);
  return { name, prefix: input.prefix, icons: [...icons.values()].map(({ name: iconName, svg }) => ({ name: iconName, svg })) };
}

/** The files of a folder, not its subfolders; hidden files (`.DS_Store`) are not icons. */
export function readIconFolder(dir: string): IconFile[] {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    throw new Error(`Cannot read the folder ${dir}.`);
  }
  return entries
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((entry) => ({ fileName: entry.name, bytes: fs.readFileSync(path.join(dir, entry.name)) }));
}

function nowGmt(): string {
  return new Date().toISOString().slice(0, 19);
}

export function addIconSetCommand(store: Store, options: { name: string; prefix: string; from: string }): { prefix: string; count: number } {
  const set = prepareIconSet({ name: options.name, prefix: options.prefix, files: readIconFolder(options.from) });
  const id = insertIconSet(store, { ...set, createdGmt: nowGmt() });
  if (id === null) throw new Error(`An icon set with the prefix "${set.prefix}" exists already; remove it first.`);
  return { prefix: set.prefix, count: set.icons.length };
}

export function listIconSetsCommand(store: Store): IconSetSummary[] {
  return listIconSets(store);
}

export function removeIconSetCommand(store: Store, options: { prefix: string }): void {
  if (!deleteIconSet(store, options.prefix)) throw new Error(`There is no icon set with the prefix "${options.prefix}".`);
}
