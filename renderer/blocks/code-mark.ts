// Inline code among the other formats (`<strong>HTML <code>&lt;p&gt;</code></strong>`, a link's
// `<a href="…"><code>…</code></a>`), as the block editor's formats nest and WordPress's theme unit
// test has: the starter kit's code mark excludes every other mark, so the format around code was
// lost (and such text kept read-only). This is the same mark excluding none; the others nest
// outside it (inline-html.ts).
import { getExtensionField, type AnyExtension } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';

/** The starter kit's own code mark (the package is the starter kit's, not ours to import). */
const addExtensions = getExtensionField<() => AnyExtension[]>(StarterKit, 'addExtensions', { name: StarterKit.name, options: StarterKit.options, storage: {} });
const starterCode = addExtensions().find((extension) => extension.name === 'code');
if (!starterCode) throw new Error('The starter kit has no code mark.');

export const CodeAmongFormats = starterCode.extend({ excludes: '' });
