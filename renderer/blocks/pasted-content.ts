// Pasting as writers expect: plain text is read as Markdown (a blank line starts a paragraph,
// a single newline is a line break, `#`, `-`, `1.`, `>` and fences make headings, lists,
// quotes and code), and pasted HTML loses images that cannot show anywhere but the machine
// they were copied on (Word's file: and blob: images, a bare `src=x`).
import { Extension } from '@tiptap/core';
import { DOMParser as SchemaParser, Fragment, Slice } from '@tiptap/pm/model';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { marked } from 'marked';
import { escapeText } from './inline-html.ts';

/** Plain text as HTML: its characters as text (never as markup), its Markdown as elements. */
export function pastedTextHtml(text: string): string {
  return marked.parse(escapeText(text.replace(/\r\n?/g, '\n')), { async: false, gfm: true, breaks: true });
}

/** An image source that shows on the site: a web address or a path on the site. */
const isWebImage = (src: string) => /^(https?:)?\/\/[^/]/i.test(src) || /^\/[^/]/.test(src);

/** Pasted HTML without the images that would show broken on the site. */
export function pastedHtml(html: string): string {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  for (const image of body.querySelectorAll('img')) if (!isWebImage(image.getAttribute('src') ?? '')) image.remove();
  return body.innerHTML;
}

export const PastedContent = Extension.create({
  name: 'pastedContent',
  addProseMirrorPlugins() {
    return [
      new Plugin({
        key: new PluginKey('pastedContent'),
        props: {
          transformPastedHTML: pastedHtml,
          clipboardTextParser: (text, $context, _plain, view) => {
            // Inside code, text is code: pasted as it is.
            if ($context.parent.type.spec.code) return new Slice(Fragment.from(view.state.schema.text(text)), 0, 0);
            const body = new DOMParser().parseFromString(pastedTextHtml(text), 'text/html').body;
            return SchemaParser.fromSchema(view.state.schema).parseSlice(body, { context: $context });
          },
        },
      }),
    ];
  },
});
