// Inline code among the other formats (`<strong>HTML <code>&lt;p&gt;</code></strong>`, a link's
// `<a href="…"><code>…</code></a>`), as the block editor's formats nest and WordPress's theme unit
// test has: tiptap's code mark excludes every other mark, so the format around code was lost (and
// such text kept read-only). This is the same mark excluding none; the others nest outside it
// (inline-html.ts).
import Code from '@tiptap/extension-code';

export const CodeAmongFormats = Code.extend({ excludes: '' });
