// How readable each mark the editor draws in a block's box is, as Chromium draws it (issue 29): its
// colour (its own alpha times the opacity of it and every element around it) laid over the
// background actually behind it (walking up to the first opaque background: a colour, each colour
// of a gradient, a cover's overlay laid over its page), as a WCAG contrast ratio. Runs in the page
// (Playwright's `evaluate`): self-contained, it names nothing outside itself.

/** A mark the editor draws, what it is, and its contrast against what is behind it (the lowest, over a gradient's colours). */
export interface DrawnMark {
  /** The block, by its index among the editor's top-level blocks. */
  block: number;
  /** `text`: words to read (a placeholder, a label, a hint, a file name); `symbol`: a glyph (an arrow, a dash); `outline`: a focus ring. */
  kind: 'text' | 'symbol' | 'outline';
  /** Where: the element's classes or tag, its pseudo-element, and the words or glyph drawn. */
  where: string;
  contrast: number;
}

/** The editor's element as tiptap gives it its editor: what selecting a block needs. */
interface EditorElement extends Element {
  editor: { view: { state: { doc: { descendants(visit: (node: { isBlock: boolean; isAtom: boolean; type: { name: string }; content: { size: number } }, position: number) => void): void; resolve(position: number): { depth: number } } }; nodeDOM(position: number): Node | null }; commands: { setNodeSelection(position: number): boolean; setTextSelection(position: number): boolean } };
}

/**
 * Every mark drawn in each of the editor's top-level blocks (`root`: its editable element): the writer's words are not
 * marks; a dynamic block's preview (inert) is, as the editor draws it, its notes with it ("No posts yet."). Then each
 * block standing in another (a separator in a group) selected whole, as a click selects it, for the ring around it; and
 * the caret in each block's last empty line in another, for the "+" beside it.
 */
export async function drawnMarks(root: Element): Promise<DrawnMark[]> {
  const blocks = [...root.children].filter((element) => !element.matches('.ProseMirror-widget'));
  type Rgba = [number, number, number, number];
  const probe = document.createElement('span');
  document.body.append(probe);
  /** Any CSS colour Chromium can compute, as sRGB with alpha (a `color(srgb …)` from color-mix as well as rgb()). */
  const rgba = (css: string): Rgba => {
    const srgb = /color\(srgb ([\d.e-]+) ([\d.e-]+) ([\d.e-]+)(?: \/ ([\d.e-]+))?\)/.exec(css);
    if (srgb) return [Number(srgb[1]) * 255, Number(srgb[2]) * 255, Number(srgb[3]) * 255, srgb[4] === undefined ? 1 : Number(srgb[4])];
    const rgb = /rgba?\(([\d.]+),? ([\d.]+),? ([\d.]+)(?:[,/] ?([\d.]+))?\)/.exec(css);
    if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3]), rgb[4] === undefined ? 1 : Number(rgb[4])];
    probe.style.color = css;
    const computed = getComputedStyle(probe).color;
    if (computed === css) throw new Error(`a colour not understood: ${css}`);
    return rgba(computed);
  };
  const over = (top: Rgba, below: Rgba, alpha = top[3]): Rgba => [0, 1, 2].map((i) => top[i] * alpha + below[i] * (1 - alpha)).concat(1) as Rgba;
  const luminance = ([r, g, b]: Rgba) => [r, g, b].map((value) => value / 255).map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)).reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i], 0);
  const ratio = (a: Rgba, b: Rgba) => { const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x); return (high + 0.05) / (low + 0.05); };
  /** The colours a background paints: its colour, and each colour of its gradients (as alternatives: a mark may stand over any of them). */
  const painted = (style: CSSStyleDeclaration): Rgba[][] => {
    const layers: Rgba[][] = [];
    const gradients = style.backgroundImage.match(/(?:rgba?|color)\([^)]*\)/g);
    if (gradients) layers.push(gradients.map(rgba));
    layers.push([rgba(style.backgroundColor)]);
    return layers;
  };
  const drawnLayer = (style: CSSStyleDeclaration) => style.content !== 'none' && style.content !== 'normal' && style.position === 'absolute';
  /** The elements that may paint behind `element` (itself when `own`), nearest first: those around it; for one laid over the text (`laidOn`: the element under it), those around it up to the text, then that element and those around it. */
  const chain = (element: Element, own: boolean, laidOn?: Element): Element[] => {
    const nodes: Element[] = [];
    for (let node: Element | null = own ? element : element.parentElement; node; node = node.parentElement) {
      if (laidOn && node.contains(laidOn)) {
        for (let under: Element | null = laidOn; under; under = under.parentElement) nodes.push(under);
        break;
      }
      nodes.push(node);
    }
    return nodes;
  };
  /** The colours behind `element` (itself included when `own`): the layers down to the first opaque one, laid over each other; and the element that painted it. */
  const behind = (element: Element, own: boolean, laidOn?: Element): { colours: Rgba[]; at: Element } => {
    const layers: { colours: Rgba[]; opacity: number }[] = [];
    let at: Element = document.documentElement;
    for (const node of chain(element, own, laidOn)) {
      const style = getComputedStyle(node);
      // A layer an element lays under its blocks (a cover's overlay: its ::after over its page, under its blocks).
      for (const pseudo of ['::after', '::before']) {
        const layer = getComputedStyle(node, pseudo);
        if (node !== element && drawnLayer(layer)) for (const colours of painted(layer)) layers.push({ colours, opacity: Number(layer.opacity) });
      }
      for (const colours of painted(style)) layers.push({ colours, opacity: 1 });
      if (layers.some(({ colours, opacity }) => opacity === 1 && colours.every(([, , , alpha]) => alpha === 1))) { at = node; break; }
    }
    const opaque = layers.findIndex(({ colours, opacity }) => opacity === 1 && colours.every(([, , , alpha]) => alpha === 1));
    let colours: Rgba[] = opaque < 0 ? [[255, 255, 255, 1]] : layers[opaque].colours;
    for (const layer of layers.slice(0, opaque < 0 ? layers.length : opaque).reverse()) {
      colours = colours.flatMap((below) => layer.colours.map((top) => over(top, below, top[3] * layer.opacity)));
    }
    return { colours, at };
  };
  /** How opaque an element is drawn: its opacity times every element's around it, up to the one painting what is behind. */
  const opacityOf = (element: Element, upTo: Element) => {
    let opacity = 1;
    for (let node: Element | null = element; node && node !== upTo; node = node.parentElement) opacity *= Number(getComputedStyle(node).opacity);
    return opacity;
  };
  const shown = (element: Element) => element.getClientRects().length > 0 && getComputedStyle(element).visibility === 'visible';
  const name = (element: Element) => `${element.tagName.toLowerCase()}${[...element.classList].map((c) => `.${c}`).join('')}`;
  const marks: DrawnMark[] = [];
  /** A ring around `element` (its outline, and a solid box-shadow ring under it): the one of them that stands out the most from what is behind it. */
  const ring = (block: number, element: Element, where: string) => {
    const style = getComputedStyle(element);
    const colours: Rgba[] = [];
    if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) colours.push(rgba(style.outlineColor));
    for (const shadow of style.boxShadow.split(/,(?![^(]*\))/)) if (/ 0px 0px 0px [1-9]/.test(shadow)) colours.push(rgba(shadow.trim()));
    if (colours.length === 0) return false;
    const { colours: below } = behind(element, parseFloat(style.outlineOffset) < 0);
    const contrast = Math.max(...colours.map((colour) => Math.min(...below.map((under) => ratio(over(colour, under), under)))));
    marks.push({ block, kind: 'outline', where: `${name(element)}${where}`, contrast: Math.round(contrast * 100) / 100 });
    return true;
  };
  const measure = (block: number, kind: DrawnMark['kind'], element: Element, where: string, colour: Rgba, opacity: number, own = false, laidOn?: Element) => {
    const { colours, at } = behind(element, own, laidOn);
    const alpha = colour[3] * opacity * opacityOf(element, at);
    const contrast = Math.min(...colours.map((below) => ratio(over(colour, below, alpha), below)));
    marks.push({ block, kind, where: `${name(element)}${where}`, contrast: Math.round(contrast * 100) / 100 });
  };
  blocks.forEach((block, index) => {
    for (const element of [block, ...block.querySelectorAll('*')]) {
      if (!shown(element) || element.matches('option, br, img, svg *')) continue;
      // What the editor writes in the box by its styles: a placeholder, a label, an arrow.
      for (const pseudo of ['::before', '::after']) {
        const style = getComputedStyle(element, pseudo);
        if (style.display === 'none' || style.visibility !== 'visible') continue;
        const words = /^"([^"]*)"/.exec(style.content)?.[1]?.trim();
        if (!words) continue;
        measure(index, /\p{L}/u.test(words) ? 'text' : 'symbol', element, `${pseudo} "${words}"`, rgba(style.color), Number(style.opacity), true);
      }
      // Words not the writer's: a label, a file's name, a button's words, a field's value or its placeholder.
      if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) {
        if (element.type === 'hidden' || element.type === 'checkbox' || element.type === 'radio' || element.type === 'range') continue;
        const placeholder = element.value === '' && element.placeholder !== '';
        if (element.value === '' && !placeholder) continue;
        const style = getComputedStyle(element, placeholder ? '::placeholder' : null);
        measure(index, 'text', element, placeholder ? `::placeholder "${element.placeholder}"` : ` "${element.value.slice(0, 30)}"`, rgba(style.color), placeholder ? Number(style.opacity || 1) : 1, true);
        continue;
      }
      if (element instanceof HTMLSelectElement) {
        measure(index, 'text', element, ` "${element.selectedOptions[0]?.text ?? ''}"`, rgba(getComputedStyle(element).color), 1, true);
        continue;
      }
      if (!(element instanceof HTMLElement) || element.isContentEditable) continue;
      const words = [...element.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE).map((node) => node.textContent ?? '').join('').trim();
      if (words) measure(index, /\p{L}/u.test(words) ? 'text' : 'symbol', element, ` "${words.slice(0, 30)}"`, rgba(getComputedStyle(element).color), 1, true);
    }
    // A focus ring: each of the editor's own controls in the box, focused as the keyboard focuses it.
    for (const control of block.querySelectorAll<HTMLElement>('button, input, select, textarea, summary, a[href]')) {
      if (control.closest('[inert]') || control.isContentEditable || !shown(control)) continue;
      control.focus({ preventScroll: true });
      ring(index, control, ':focus-visible');
      control.blur();
    }
  });
  const { editor } = root as EditorElement;
  /** Whether `drawn` comes true within a second of frames (the editor draws a selection at once; the "+" moves on React's next render). */
  const until = async (drawn: () => boolean) => {
    for (let frame = 0; frame < 60 && !drawn(); frame += 1) await new Promise((done) => requestAnimationFrame(done));
    return drawn();
  };
  const nested: number[] = [];
  editor.view.state.doc.descendants((node, position) => {
    if (node.isBlock && node.isAtom && editor.view.state.doc.resolve(position).depth > 0) nested.push(position);
  });
  for (const position of nested) {
    const shown = editor.view.nodeDOM(position);
    const block = blocks.findIndex((element) => shown && element.contains(shown));
    if (!(shown instanceof Element) || block < 0 || shown.closest('[inert]')) continue;
    editor.commands.setNodeSelection(position);
    const selected = await until(() => shown.matches('.ProseMirror-selectednode') || shown.querySelector('.ProseMirror-selectednode, .selected') !== null);
    const outlined = selected && [shown, ...shown.querySelectorAll('*')].some((element) => ring(block, element, ' selected'));
    if (!outlined) marks.push({ block, kind: 'outline', where: `${name(shown)} selected, no ring`, contrast: 1 });
  }
  // The "+" beside an empty line (the inserter's), laid over the block holding that line (a second column's over its columns): the caret in a block's last empty line in another.
  const emptyLines = new Map<number, number>();
  editor.view.state.doc.descendants((node, position) => {
    const dom = editor.view.nodeDOM(position);
    const block = blocks.findIndex((element) => dom && element.contains(dom));
    if (block >= 0 && node.type.name === 'paragraph' && node.content.size === 0 && editor.view.state.doc.resolve(position).depth > 0) emptyLines.set(block, position);
  });
  for (const [block, position] of emptyLines) {
    editor.commands.setTextSelection(position + 1);
    // In the window: what is under a point is found only there.
    const line = editor.view.nodeDOM(position) as Element;
    line.scrollIntoView({ block: 'center' });
    const beside = () => document.querySelector('.inserter-plus');
    const placed = await until(() => { const at = beside(); return at !== null && shown(at) && Math.abs(at.getBoundingClientRect().top - line.getBoundingClientRect().top) < 1; });
    const plus = beside();
    if (!placed || !plus) { marks.push({ block, kind: 'symbol', where: 'no "+" beside the empty line', contrast: 1 }); continue; }
    const box = plus.getBoundingClientRect();
    const under = document.elementsFromPoint(box.left + box.width / 2, box.top + box.height / 2).find((element) => element !== plus && !element.contains(plus) && !plus.contains(element));
    measure(block, 'symbol', plus, ' "+" beside an empty line', rgba(getComputedStyle(plus).color), 1, true, under);
  }
  editor.commands.setTextSelection(1);
  probe.remove();
  return marks;
}
