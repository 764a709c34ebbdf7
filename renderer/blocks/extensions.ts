// The editor's schema: the built-in nodes and plugins, and those of the blocks defined each in one module.
import type { Extensions } from '@tiptap/core';
import { builtInExtensions } from './built-in-extensions.ts';
import { DEFINED_EXTENSIONS } from './defined-blocks.ts';
import { ConvertClassic } from './classic-convert.ts';
import { MissingBlockActions } from './missing-block-actions.ts';
import { PastedBlockMarkup } from './pasted-block-markup.ts';

export const editorExtensions: Extensions = [...builtInExtensions, ...DEFINED_EXTENSIONS, ConvertClassic, MissingBlockActions, PastedBlockMarkup];
