// The editor's schema: the built-in nodes and plugins, and those of the blocks defined each in one module;
// what its page shows of them is inert (inert-html.ts).
import type { Extensions } from '@tiptap/core';
import { builtInExtensions } from './built-in-extensions.ts';
import { DEFINED_EXTENSIONS } from './defined-blocks.ts';
import { ConvertClassic } from './classic-convert.ts';
import { MissingBlockActions } from './missing-block-actions.ts';
import { PastedBlockMarkup } from './pasted-block-markup.ts';
import { InertPage } from './inert-html.ts';

export const editorExtensions: Extensions = [...builtInExtensions, ...DEFINED_EXTENSIONS, ConvertClassic, MissingBlockActions, PastedBlockMarkup, InertPage];
