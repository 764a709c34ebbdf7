// Each block the inserter makes from markup (renderer/editor/block-catalogue.ts), by name: tables
// of each shape, media blocks with a picked file; those it makes by a command, from the markup of
// the same new block; and every block it offers, by the name it lists it
// under, with what it asks first; for tests that check a rule over every block.
import { CATALOGUE, type CatalogueEntry } from '../../renderer/editor/block-catalogue.ts';
import { DEFINED_INSERTER } from '../../renderer/blocks/defined-blocks.ts';
import type { MediaItem } from '../../shared/site-types.ts';
import { blockEditor, quietly, type WpBlock } from './block-editor.ts';

const item = (file: string, mime: string) => ({ id: 41, source_url: `http://localhost/uploads/2026/11/${file}`, alt_text: 'A "red" door', mime_type: mime, title: { rendered: file } }) as unknown as MediaItem;
const MEDIA = { image: item('door.png', 'image/png'), file: item('report.pdf', 'application/pdf'), audio: item('song.mp3', 'audio/mpeg'), video: item('clip.mp4', 'video/mp4') };

export const INSERTER_BLOCKS: readonly [string, string][] = CATALOGUE.flatMap((entry): [string, string][] => {
  const { creation } = entry;
  if (creation.kind === 'markup') return [[entry.title, creation.markup]];
  if (creation.kind === 'media') return [[entry.title, creation.markup(MEDIA[creation.media])]];
  if (creation.kind === 'sized') return [[1, 1, false], [2, 3, true], [4, 2, false]].map(([rows, columns, header]) => [`${entry.title} ${rows}×${columns}${header ? ' with header' : ''}`, creation.markup(Number(rows), Number(columns), Boolean(header))]);
  return [];
});

/** Each block the inserter makes by its command (the caret's paragraph turned into it), by name, with the markup the block editor saves for a new one, which the command's block is. */
export const INSERTER_COMMAND_BLOCKS: readonly [string, string][] = DEFINED_INSERTER.flatMap((entry): [string, string][] => ('markup' in entry && entry.command ? [[entry.title, entry.markup]] : []));

/** Each block the inserter offers, by its name there, and how it comes into being (what it asks first). */
export const INSERTER_CHOICES: readonly (readonly [string, CatalogueEntry['creation']['kind']])[] = CATALOGUE.map((entry) => [entry.title, entry.creation.kind]);

/** Each block the inserter makes, each block type once (its first markup), as the block editor reads it. */
export function inserterBlocksOnce(): WpBlock[] {
  const wp = blockEditor();
  const seen = new Set<string>();
  return quietly(() => [...INSERTER_BLOCKS, ...INSERTER_COMMAND_BLOCKS].flatMap(([, markup]) => {
    const [block] = wp.parse(markup);
    if (!block || seen.has(block.name)) return [];
    seen.add(block.name);
    return [block];
  }));
}
