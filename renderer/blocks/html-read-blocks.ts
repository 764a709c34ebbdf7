// The defined blocks (block-definition.ts) whose nodes HTML outside blocks is read into too
// (classic content, html-nodes.ts): their nodes are in the built-in schema that reads it, so they
// are registered here rather than in defined-blocks.ts, which takes the rest of them from here.
// Their readers read HTML with that schema as it is handed to them (HtmlReading), never by import.
import { rememberingReading, type BlockDefinition } from './block-definition.ts';
import { separatorBlock } from './separator-block.ts';
import { codeBlock } from './code-block.ts';
import { preformattedBlock } from './preformatted-block.ts';
import { footnotesBlock } from './footnotes-block.ts';
import { tableBlock } from './table-block.ts';
import { paragraphBlock } from './paragraph-block.ts';
import { headingBlock } from './heading-block.ts';
import { listBlock } from './list-block.ts';
import { quoteBlock } from './quote-block.ts';
import { imageBlock } from './image-block.ts';
import { classicDivisionBlock } from './classic-division.ts';
import { classicBoxBlock } from './classic-box.ts';

/** In the inserter's order, before the blocks of defined-blocks.ts. */
export const HTML_READ_DEFINITIONS: readonly BlockDefinition[] = [paragraphBlock, headingBlock, listBlock, quoteBlock, imageBlock, codeBlock, preformattedBlock, tableBlock, separatorBlock, footnotesBlock, classicDivisionBlock, classicBoxBlock];

export const HTML_READ_EXTENSIONS = [...HTML_READ_DEFINITIONS.flatMap((definition) => definition.extensions ?? []), rememberingReading('htmlReadBlocksRead', HTML_READ_DEFINITIONS)];
