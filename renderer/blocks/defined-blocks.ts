// The blocks defined each in one module (block-definition.ts): a line each here registers a
// block with the reader, the writer, the editor's schema and the inserter.
import type { BlockDefinition, DefinedReader, InserterEntry, WrittenBlock } from './block-definition.ts';
import type { AnyExtension, JSONContent } from '@tiptap/core';
import { mathBlock } from './math-block.ts';
import { accordionBlock } from './accordion-block.ts';
import { tabsBlock } from './tabs-block.ts';
import { iconBlock } from './icon-block.ts';

const DEFINITIONS: readonly BlockDefinition[] = [mathBlock, accordionBlock, tabsBlock, iconBlock];

export const DEFINED_READERS: Readonly<Record<string, DefinedReader>> = Object.assign({}, ...DEFINITIONS.map((definition) => definition.readers ?? {}));
export const DEFINED_CONTAINERS: readonly string[] = DEFINITIONS.flatMap((definition) => definition.containers ?? []);
export const DEFINED_EXTENSIONS: readonly AnyExtension[] = DEFINITIONS.flatMap((definition) => definition.extensions ?? []);
export const DEFINED_INSERTER: readonly InserterEntry[] = DEFINITIONS.flatMap((definition) => definition.inserter ?? []);
const WRITERS: Readonly<Record<string, (node: JSONContent) => WrittenBlock>> = Object.assign({}, ...DEFINITIONS.map((definition) => definition.writers ?? {}));

/** How a defined block's node is written, or null for a node no definition writes. */
export function definedBlockWritten(node: JSONContent): WrittenBlock | null {
  return Object.hasOwn(WRITERS, node.type ?? '') ? WRITERS[node.type ?? ''](node) : null;
}
