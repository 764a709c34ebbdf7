// A remote theme's CSS made self-contained for the saved look: its @imports inlined (a few
// levels deep), each address it would load (url(), image-set() and src() strings: fonts,
// images, cursors) a reference to the saved file, and the declaration of any address that
// cannot be had (or is not an image or a font) dropped. What css-tree cannot parse is dropped
// too: a browser may read an address there (`u\72l(…)` is url()). So the CSS requests
// nothing, and its selectors (over the writer's draft too) have nothing to send anywhere.
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
/** Functions whose strings are addresses the browser loads. */
const ADDRESS_FUNCTIONS = new Set(['image-set', '-webkit-image-set', 'src']);
/** Put where an address could not be kept; the declaration holding it is then dropped. */
const DROPPED = 'about:invalid#inkwell-dropped';

/** `value` as an absolute web address against `base`; null for anything but http(s) (javascript:, file:, data: …). */
export function webAddress(value: string, base: string): string | null {
  try {
    const url = new URL(value.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** An address in the CSS: a url(), or a string an address function loads. */
type Address = csstree.Url | csstree.StringNode;

function importOf(node: csstree.Atrule, baseUrl: string): { url: string; media: string } | null {
  const target = node.prelude ? csstree.find(node.prelude, (part) => part.type === 'Url' || part.type === 'String') : null;
  const value = target?.type === 'Url' || target?.type === 'String' ? target.value : null;
  const url = value === null ? null : webAddress(value, baseUrl);
  return url === null ? null : { url, media: node.prelude ? csstree.generate(node.prelude).replace(/^(url\([^)]*\)|"[^"]*"|'[^']*')\s*/, '') : '' };
}

/** Drops each declaration holding a dropped address or text css-tree could not parse, and each unparsed rule. */
function dropUnsafe(ast: csstree.CssNode): void {
  csstree.walk(ast, {
    enter(this: csstree.WalkContext, node: csstree.CssNode, item: csstree.ListItem<csstree.CssNode>, list: csstree.List<csstree.CssNode>) {
      const unsafe = (part: csstree.CssNode) => part.type === 'Raw' || ((part.type === 'Url' || part.type === 'String') && part.value === DROPPED);
      if ((node.type === 'Declaration' && csstree.find(node, unsafe)) || (node.type === 'Raw' && this.atrulePrelude === null)) list?.remove(item);
    },
  });
}

/** `css` (a stylesheet, or a style attribute's declarations) with its imports inlined, its addresses saved and what would load anything else dropped. */
export async function restyle(css: string, baseUrl: string, files: LookFiles, declarations = false, depth = 0): Promise<string> {
  const ast = csstree.parse(css, { context: declarations ? 'declarationList' : 'stylesheet', parseValue: true, parseCustomProperty: true });
  const addresses: Address[] = [];
  const imports: { url: string; media: string }[] = [];
  csstree.walk(ast, {
    enter(node: csstree.CssNode, item: csstree.ListItem<csstree.CssNode>, list: csstree.List<csstree.CssNode>) {
      if (node.type === 'Atrule' && node.name.toLowerCase() === 'import') {
        const imported = importOf(node, baseUrl);
        if (imported) imports.push(imported);
        list?.remove(item);
        return;
      }
      if (node.type === 'Url') addresses.push(node);
      if (node.type === 'Function' && ADDRESS_FUNCTIONS.has(csstree.ident.decode(node.name).toLowerCase())) {
        node.children.forEach((child) => {
          if (child.type === 'String') addresses.push(child);
        });
      }
    },
  });
  for (const node of addresses) {
    // Inline data (a theme's SVG icons) needs nothing fetched, and runs nothing where CSS uses it.
    if (/^\s*data:/i.test(node.value)) continue;
    const url = webAddress(node.value, baseUrl);
    node.value = (url ? await files.file(url) : null) ?? DROPPED;
  }
  dropUnsafe(ast);
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
