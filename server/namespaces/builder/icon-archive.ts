// The export archive of the custom icon sets: `manifest.json` describing every set, and
// each icon as `<prefix>/<name>.svg`. With no sets, an archive without entries.
import { strToU8, zipSync, type Zippable } from 'fflate';
import type { StoredIconSet } from './store/icon-sets.ts';

export const MANIFEST_NAME = 'manifest.json';
export const ARCHIVE_FILE_NAME = 'icon-sets.zip';

export interface IconManifest {
  version: 1;
  icon_sets: {
    name: string;
    prefix: string;
    /** UTC, ISO 8601 without zone, as the interface writes `*_gmt` dates. */
    created_gmt: string;
    icon_count: number;
    icons: { name: string; file: string }[];
  }[];
}

export function iconFilePath(prefix: string, name: string): string {
  return `${prefix}/${name}.svg`;
}

export function iconManifest(sets: readonly StoredIconSet[]): IconManifest {
  return {
    version: 1,
    icon_sets: sets.map((set) => ({
      name: set.name,
      prefix: set.prefix,
      created_gmt: set.created_gmt,
      icon_count: set.icons.length,
      icons: set.icons.map((icon) => ({ name: icon.name, file: iconFilePath(set.prefix, icon.name) })),
    })),
  };
}

/** Entry times are the sets' own, so the same sets always give the same bytes. */
function entryTime(createdGmt: string): Date {
  return new Date(`${createdGmt}Z`);
}

export function iconArchive(sets: readonly StoredIconSet[]): Buffer {
  if (sets.length === 0) return Buffer.from(zipSync({}));
  const latest = sets.map((set) => set.created_gmt).sort().at(-1)!;
  const entries: Zippable = {
    [MANIFEST_NAME]: [strToU8(`${JSON.stringify(iconManifest(sets), null, 2)}\n`), { mtime: entryTime(latest) }],
  };
  for (const set of sets) {
    for (const icon of set.icons) entries[iconFilePath(set.prefix, icon.name)] = [strToU8(icon.svg), { mtime: entryTime(set.created_gmt) }];
  }
  return Buffer.from(zipSync(entries, { level: 6 }));
}
