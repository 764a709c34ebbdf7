// Markup the editor does not model, held in an `unknownBlock` node and written back unchanged,
// and shown read-only as the site shows it (sanitised: nothing in it runs in the editor).
import type { JSONContent } from '@tiptap/core';
import DOMPurify from 'dompurify';
import { escapeText } from './inline-html.ts';
import { shownValue } from './inert-html.ts';
import { KEEP_AS_HTML, MISSING_ACTION, REMOVE, missingBlock, missingMessage } from './missing-block.ts';
import { BLOCK_CONTROL } from './block-controls.ts';

export function keptMarkup(markup: string): JSONContent {
  return { type: 'unknownBlock', attrs: { markup } };
}

/** What the kept markup is, in words: the block's name (core blocks are written without "core/"), or the HTML element. */
export function describeKeptMarkup(markup: string): string {
  const block = /^\s*<!--\s+wp:([a-z][a-z0-9_-]*\/)?([a-z][a-z0-9_-]*)/.exec(markup);
  if (block) return `${block[1] ?? 'core/'}${block[2]} block`;
  if (markup.trimStart().startsWith('<!--')) return 'HTML comment';
  const element = /^\s*<([a-zA-Z][a-zA-Z0-9-]*)/.exec(markup);
  return element ? `HTML <${element[1].toLowerCase()}>` : 'HTML';
}

/** Elements whose text stands apart from its neighbours', so words on either side are not run together. */
const SEPARATE = new Set(['P', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'LI', 'DT', 'DD', 'TD', 'TH', 'TR', 'CAPTION', 'FIGCAPTION', 'FIGURE', 'BLOCKQUOTE', 'PRE', 'DIV', 'SECTION', 'CITE', 'BR', 'HR', 'UL', 'OL', 'DL', 'TABLE', 'SUMMARY', 'DETAILS', 'BUTTON']);

/** Elements whose text is not shown (a formula's TeX source is an annotation). */
const UNSHOWN = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT', 'TEXTAREA', 'ANNOTATION']);

// What the sanitiser keeps of an attribute is what the editor's page shows of one (inert-html.ts): a
// style's url() of a protocol the site does not allow, an address of one, go too.
if (DOMPurify.isSupported) {
  DOMPurify.addHook('uponSanitizeAttribute', (_node, data) => {
    const shown = shownValue(data.attrName, data.attrValue);
    if (shown === null) data.keepAttr = false;
    else data.attrValue = shown;
  });
}

/**
 * Kept markup as the site shows it, without scripts, event handlers, frames, forms or
 * addresses of a protocol the site does not allow, or styles that load or run something (the block comments are dropped: they are not shown).
 */
export function shownKeptHtml(markup: string): string {
  // Where the sanitiser cannot work (a DOM it does not trust), the words alone are shown.
  if (!DOMPurify.isSupported) return escapeText(keptText(markup));
  // A formula keeps its semantics and TeX annotation, which the browser does not show, rather than show the TeX as text.
  return DOMPurify.sanitize(markup, { ADD_TAGS: ['semantics', 'annotation'], FORBID_TAGS: ['style', 'form', 'input', 'textarea', 'select', 'button'], FORBID_ATTR: ['autoplay', 'srcset'] });
}

/** The words a reader sees in kept markup, its blocks on lines of their own (for the word count). */
export function keptText(markup: string): string {
  // A parsed document runs nothing; the text of scripts and styles is not shown, so not counted.
  const body = new DOMParser().parseFromString(`<!doctype html><body>${markup}</body>`, 'text/html').body;
  let text = '';
  const walk = (node: Node) => {
    if (node.nodeType === node.TEXT_NODE) text += node.textContent ?? '';
    if (node.nodeType !== node.ELEMENT_NODE) return;
    // MathML elements keep their lower-case names.
    const tag = (node as Element).tagName.toUpperCase();
    if (UNSHOWN.has(tag)) return;
    const apart = SEPARATE.has(tag);
    if (apart) text += '\n';
    node.childNodes.forEach(walk);
    if (apart) text += '\n';
  };
  walk(body);
  return text.replace(/[ \t]*\n\s*/g, '\n').trim();
}

/** What the more tag and page break are and do, in words: they show nothing on the page themselves. */
function marker(markup: string): { label: string; text: string } | null {
  const more = /^\s*(?:<!--\s+wp:more(?:\s+(\{[\s\S]*?\}))?\s+-->\s*)?<!--more(.*?)-->/.exec(markup);
  if (more) {
    const customText = more[2]?.trim() || (more[1] ? String((JSON.parse(more[1]) as { customText?: unknown }).customText ?? '') : '');
    return { label: 'More tag', text: `Read more${customText ? ` (“${customText}”)` : ''}: the blog and archive pages show the post up to here.` };
  }
  if (/^\s*(?:<!--\s+wp:nextpage\s+-->\s*)?<!--nextpage-->/.test(markup)) return { label: 'Page break', text: 'The post goes on on a new page from here.' };
  return null;
}

/** A missing block's buttons: "Keep as HTML" where it has HTML, and "Remove" (missing-block-actions.ts acts on them). */
function missingActions(hasHtml: boolean, dom: Document): HTMLElement {
  const actions = dom.createElement('div');
  actions.className = `missing-block-actions ${BLOCK_CONTROL}`;
  for (const [action, text] of [...(hasHtml ? [[KEEP_AS_HTML, 'Keep as HTML']] : []), [REMOVE, 'Remove']]) {
    const button = dom.createElement('button');
    button.type = 'button';
    button.setAttribute(MISSING_ACTION, action);
    button.textContent = text;
    actions.append(button);
  }
  return actions;
}

/**
 * The read-only view of kept markup: a label saying what it is, then what the site shows.
 * The shown part is inert, so its links are not followed and a click selects the whole block.
 */
export function keptBlockElement(markup: string, dom: Document): HTMLElement {
  const box = dom.createElement('div');
  box.className = 'unknown-block';
  box.setAttribute('data-unknown-block', '');
  box.setAttribute('data-markup', markup);
  box.setAttribute('contenteditable', 'false');
  const label = dom.createElement('div');
  label.className = 'unknown-block-label';
  label.textContent = `${describeKeptMarkup(markup)}: shown as the site shows it, not editable here`;
  const shown = dom.createElement('div');
  shown.className = 'unknown-block-shown';
  shown.setAttribute('inert', '');
  shown.innerHTML = shownKeptHtml(markup);
  const markerShown = marker(markup);
  const missing = missingBlock(markup);
  if (missing) {
    // As the block editor's Missing block: its words, its actions, its HTML as read.
    label.textContent = missingMessage(missing);
    box.classList.add('missing-block');
  } else if (markerShown) {
    label.textContent = `${markerShown.label} (select it and press Delete to remove it)`;
    shown.textContent = markerShown.text;
    box.classList.add('marker-block');
  // A block with no HTML of its own (latest posts, a form) is made by the site when the page is shown.
  } else if (/^\s*<!--\s+wp:/.test(markup) && markup.replace(/<!--[\s\S]*?-->/g, '').trim() === '') {
    shown.textContent = 'Made by the site when the page is shown.';
    shown.classList.add('muted');
  }
  box.append(label, ...(missing ? [missingActions(missing.html !== '', dom)] : []), shown);
  return box;
}
