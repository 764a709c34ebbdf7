// Every block the writer can create from the inserter, with the markup the block editor saves for
// a new one. A new block is read from that markup (renderer/blocks/block-markup.ts), so it is the
// same node a block from elsewhere becomes, edited with the same controls and saved the same way.
import type { ChainedCommands, JSONContent } from '@tiptap/core';
import { DYNAMIC_BLOCKS, newDynamicBlock } from '../blocks/dynamic-blocks.ts';
import { DEFINED_INSERTER } from '../blocks/defined-blocks.ts';
import type { InserterEntry, PickedEntry } from '../blocks/block-definition.ts';

/** How a chosen block comes into being. */
export type Creation =
  /** Made by the editor's command at the caret: the empty paragraph the caret stands in becomes this text block, or a footnote mark goes there. */
  | { kind: 'command'; run: (chain: ChainedCommands) => ChainedCommands }
  /** Block markup put in place of the empty paragraph. */
  | { kind: 'markup'; markup: string }
  /** A media block put in empty, showing its placeholder; the block made around the file chosen there (a cover then takes its image's colour: cover-image-colour.ts). */
  | ({ kind: 'media' } & PickedEntry)
  /** A block made at a size asked first: a table, its rows, columns and header row. */
  | { kind: 'sized'; markup(rows: number, columns: number, headerRow: boolean): string }
  /** A block's node made around an address asked first: an embed. */
  | { kind: 'address'; node(url: string): JSONContent };


export interface CatalogueEntry {
  /** The block's name as the block editor shows it. */
  title: string;
  /** Other words a writer may search by. */
  keywords: string;
  creation: Creation;
  /** A pattern's category, shown beside its name (blocks have none). */
  category?: string;
}

/** How a defined block comes into being: by its command, at the size asked, empty around a file to choose, or from its markup. */
function creationOf(entry: InserterEntry): Creation {
  if ('sized' in entry) return { kind: 'sized', markup: entry.sized };
  if ('picked' in entry) return { kind: 'media', ...entry.picked };
  if ('addressed' in entry) return { kind: 'address', node: entry.addressed };
  return entry.command ? { kind: 'command', run: entry.command } : { kind: 'markup', markup: entry.markup };
}
const fromDefinition = (entry: InserterEntry): CatalogueEntry => ({ title: entry.title, keywords: entry.keywords, creation: creationOf(entry) });

const LISTED: readonly CatalogueEntry[] = [
  // The defined blocks that stand first.
  ...DEFINED_INSERTER.filter((entry) => entry.first).map(fromDefinition),
  // The blocks defined each in one module (renderer/blocks/defined-blocks.ts) that do not say where they stand.
  ...DEFINED_INSERTER.filter((entry) => !entry.after && !entry.first).map(fromDefinition),
  // Blocks the site makes when the page is shown, previewed and set in the editor.
  ...Object.entries(DYNAMIC_BLOCKS).filter(([, type]) => !type.parent).map(([name, type]): CatalogueEntry => ({ title: type.title, keywords: type.keywords, creation: { kind: 'markup', markup: newDynamicBlock(name) } })),
];

/** An entry and the defined blocks that say they follow it (each with those following it in turn). */
const withFollowers = (entry: CatalogueEntry): CatalogueEntry[] => [entry, ...DEFINED_INSERTER.filter((defined) => defined.after === entry.title).map(fromDefinition).flatMap(withFollowers)];

/** The inserter's blocks. */
export const CATALOGUE: readonly CatalogueEntry[] = LISTED.flatMap(withFollowers);

/** The entries whose name, keywords or category hold every word typed, names starting with the words first. */
function matching(entries: readonly CatalogueEntry[], query: string): CatalogueEntry[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...entries];
  const matches = entries.filter((entry) => words.every((word) => `${entry.title} ${entry.keywords} ${entry.category ?? ''}`.toLowerCase().includes(word)));
  const starts = (entry: CatalogueEntry) => (entry.title.toLowerCase().startsWith(words[0]) ? 0 : 1);
  return matches.sort((a, b) => starts(a) - starts(b));
}

/** The blocks that match what was typed. */
export const searchCatalogue = (query: string): CatalogueEntry[] => matching(CATALOGUE, query);

/** What the inserter lists for what was typed: the blocks that match, then the patterns, as the block editor lists blocks before patterns. */
export const searchInserter = (query: string, patterns: readonly CatalogueEntry[]): CatalogueEntry[] => [...searchCatalogue(query), ...matching(patterns, query)];
