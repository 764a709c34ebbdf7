// A remote theme's CSS made self-contained for the saved look: its @imports inlined (a few
// levels deep), each url() (fonts, background images) a reference to the saved file, and
// what cannot be had left pointing at the remote, so an offline preview simply lacks it.
import * as csstree from 'css-tree';

/** Where the template's saved files come from (the look's store, which fetches what it lacks). */
export interface LookFiles {
  /** The text of the stylesheet at `url`, or null when it cannot be had. */
  stylesheet(url: string): Promise<string | null>;
  /** A reference to the saved copy of the file at `url` (a font, an image), or null when it cannot be had. */
  file(url: string): Promise<string | null>;
}

/** How deep @import chains are followed (themes use one level, if any). */
const IMPORT_DEPTH = 3;

function resolved(value: string, base: string): string | null {
  try {
    const url = new URL(value, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** `css` (a stylesheet, or a style attribute's declarations) with its imports inlined and its url()s saved. */
export async function restyle(css: string, baseUrl: string, files: LookFiles, declarations = false, depth = 0): Promise<string> {
  const ast = csstree.parse(css, { context: declarations ? 'declarationList' : 'stylesheet', parseValue: true, parseCustomProperty: false });
  const urls: csstree.Url[] = [];
  const imports: { url: string; media: string }[] = [];
  csstree.walk(ast, {
    enter(node: csstree.CssNode, item: csstree.ListItem<csstree.CssNode>, list: csstree.List<csstree.CssNode>) {
      if (node.type === 'Atrule' && node.name.toLowerCase() === 'import') {
        const target = node.prelude ? csstree.find(node.prelude, (part) => part.type === 'Url' || part.type === 'String') : null;
        const value = target?.type === 'Url' || target?.type === 'String' ? target.value : null;
        const url = value === null ? null : resolved(value, baseUrl);
        if (url) imports.push({ url, media: node.prelude ? csstree.generate(node.prelude).replace(/^(url\([^)]*\)|"[^"]*"|'[^']*')\s*/, '') : '' });
        list?.remove(item);
        return;
      }
      if (node.type === 'Url') urls.push(node);
    },
  });
  for (const node of urls) {
    // Inline data (a theme's SVG icons) needs nothing fetched, and runs nothing where CSS uses it.
    if (/^\s*data:/i.test(node.value)) continue;
    const url = resolved(node.value, baseUrl);
    node.value = (url ? await files.file(url) : null) ?? url ?? 'about:invalid';
  }
  const imported: string[] = [];
  for (const { url, media } of depth < IMPORT_DEPTH ? imports : []) {
    const text = await files.stylesheet(url);
    if (text === null) continue;
    const inlined = await restyle(text, url, files, false, depth + 1);
    imported.push(media ? `@media ${media}{${inlined}}` : inlined);
  }
  // Inlined into a <style> element: a `</style` in a string must not end it.
  return (imported.join('\n') + csstree.generate(ast)).replace(/<\/(style)/gi, '<\\/$1');
}
