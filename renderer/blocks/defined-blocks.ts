// The blocks defined each in one module (block-definition.ts): a line each here registers a
// block with the reader, the writer, the editor's schema and the inserter.
import type { BlockDefinition, DefinedReader, InserterEntry, WrittenBlock } from './block-definition.ts';
import { Extension, type AnyExtension, type JSONContent } from '@tiptap/core';
import type { Node as PmNode } from '@tiptap/pm/model';
import { SOURCE_ATTRIBUTES } from './block-source.ts';
import { LAYOUT_ATTRIBUTES } from './document-layout.ts';
import { mathBlock } from './math-block.ts';
import { accordionBlock } from './accordion-block.ts';
import { tabsBlock } from './tabs-block.ts';
import { iconBlock } from './icon-block.ts';
import { spacerBlock } from './spacer-block.ts';
import { moreBlock } from './more-block.ts';
import { pageBreakBlock } from './page-break-block.ts';
import { htmlBlock } from './html-block.ts';

/** In the inserter's order. */
export const DEFINITIONS: readonly BlockDefinition[] = [spacerBlock, moreBlock, pageBreakBlock, htmlBlock, mathBlock, accordionBlock, tabsBlock, iconBlock];

export const DEFINED_READERS: Readonly<Record<string, DefinedReader>> = Object.assign({}, ...DEFINITIONS.map((definition) => definition.readers ?? {}));
export const DEFINED_CONTAINERS: readonly string[] = DEFINITIONS.flatMap((definition) => definition.containers ?? []);

/** The defined nodes that remember how they were read (BlockDefinition.remembersReading). */
const REMEMBERING_TYPES = DEFINITIONS.flatMap((definition) => (definition.remembersReading ? Object.keys(definition.writers ?? {}) : []));
const DefinedBlocksRead = Extension.create({
  name: 'definedBlocksRead',
  addGlobalAttributes() {
    return [{ types: REMEMBERING_TYPES, attributes: { ...SOURCE_ATTRIBUTES, ...LAYOUT_ATTRIBUTES } }];
  },
});

export const DEFINED_EXTENSIONS: readonly AnyExtension[] = [...DEFINITIONS.flatMap((definition) => definition.extensions ?? []), DefinedBlocksRead];
export const DEFINED_INSERTER: readonly InserterEntry[] = DEFINITIONS.flatMap((definition) => definition.inserter ?? []);
const WRITERS: Readonly<Record<string, (node: JSONContent) => WrittenBlock>> = Object.assign({}, ...DEFINITIONS.map((definition) => definition.writers ?? {}));

/** How a defined block's node is written, or null for a node no definition writes. */
export function definedBlockWritten(node: JSONContent): WrittenBlock | null {
  return Object.hasOwn(WRITERS, node.type ?? '') ? WRITERS[node.type ?? ''](node) : null;
}

const DESCRIBED: Readonly<Record<string, (node: PmNode) => string>> = Object.assign({}, ...DEFINITIONS.map((definition) => definition.described ?? {}));

/** How a removal names a defined block's node to the writer, or null for a node no definition names. */
export function definedBlockDescribed(node: PmNode): string | null {
  return Object.hasOwn(DESCRIBED, node.type.name) ? DESCRIBED[node.type.name](node) : null;
}
