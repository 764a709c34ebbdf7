// What the editor's page shows of a post is inert: a post may hold any HTML (an administrator's
// unfiltered_html on a remote site, a synced or imported file), and the document keeps it byte for
// byte, but no attribute of it that runs, loads or sends anything reaches the page. One rule for
// every way post HTML reaches the page: each node's and mark's element (`InertPage` wraps every
// `toDOM` of the editor's schema: the writing area, held images and formats, kept boxes) and HTML
// shown as a piece of markup (kept-markup.ts's sanitiser keeps by `shownValue` too). It drops
// what WordPress's kses drops for the same reason: addresses of a protocol outside the site's list
// (shared/url-protocols.ts), handlers, and styles that load or run something or would lay the post
// over the editor's own controls.
import { Extension } from '@tiptap/core';
import type { DOMOutputSpec } from '@tiptap/pm/model';
import { URL_ATTRIBUTES, hasAllowedProtocol } from '../../shared/url-protocols.ts';

/** Addresses a browser loads or follows beyond the reference's list (older and SVG names). */
const MORE_URL_ATTRIBUTES: ReadonlySet<string> = new Set(['xlink:href', 'dynsrc', 'lowsrc', 'ping']);

/** Attributes never shown, whatever they hold: a frame's whole document, sets of image sources (an address each), a form's target. */
const NEVER_SHOWN: ReadonlySet<string> = new Set(['srcdoc', 'srcset', 'imagesrcset', 'action', 'formaction']);

/** An address in a style, its quotes and the spaces inside its brackets apart. */
const CSS_URL = /url\(\s*(['"]?)([^'"()\\]*)\1\s*\)/gi;

/** What in a style declaration loads or runs something, once the addresses the site allows are taken out. */
const ACTIVE_CSS = /url\(|image-set\(|expression|javascript:|vbscript:|livescript:|@import|behavior|binding|\\|\/\*/i;

/** A position that takes an element out of the writing area, over the editor's own controls (a post's whole-window overlay). */
const OUT_OF_PLACE = /^\s*position\s*:\s*(?:fixed|absolute)\b/i;

function activeDeclaration(declaration: string): boolean {
  const withoutAllowedUrls = declaration.replace(CSS_URL, (url, _quote, address: string) => (address.trim() !== '' && hasAllowedProtocol(address) ? '' : url));
  return ACTIVE_CSS.test(withoutAllowedUrls) || OUT_OF_PLACE.test(declaration);
}

/** A style without its active declarations and those that would lay it over the editor (the value itself when none is). */
function shownStyle(css: string): string {
  const declarations = css.split(';');
  const kept = declarations.filter((declaration) => !activeDeclaration(declaration));
  return kept.length === declarations.length ? css : kept.join(';').trim();
}

/** Whether an attribute may reach the page as it is (a style: see `shownStyle`). */
function shownAttribute(name: string, value: string): boolean {
  const lower = name.toLowerCase();
  if (lower.startsWith('on') || NEVER_SHOWN.has(lower)) return false;
  if (URL_ATTRIBUTES.has(lower) || MORE_URL_ATTRIBUTES.has(lower)) return hasAllowedProtocol(value);
  return true;
}

/** The value an attribute shows with, or null when it is dropped. */
export function shownValue(name: string, value: string): string | null {
  if (!shownAttribute(name, value)) return null;
  if (name.toLowerCase() !== 'style') return value;
  const style = shownStyle(value);
  return style === '' ? null : style;
}

/** An image's address as a node view drawn by React shows it: none when its protocol is not the site's. */
export const shownAddress = (address: string) => (hasAllowedProtocol(address) ? address : '');

/** Drops the active attributes of `root` and every element under it, in place. */
function makeInert(root: Element): void {
  for (const element of [root, ...root.querySelectorAll('*')]) {
    for (const { name, value } of [...element.attributes]) {
      const shown = shownValue(name, value);
      if (shown === null) element.removeAttribute(name);
      else if (shown !== value) element.setAttribute(name, shown);
    }
  }
}

const isElement = (value: unknown): value is Element => typeof value === 'object' && value !== null && (value as Node).nodeType === 1;
const isAttributes = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value) && (value as Node).nodeType === undefined;

/** A spec's attributes without the active ones. */
function inertAttributes(attributes: Record<string, unknown>): Record<string, unknown> {
  const shown: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(attributes)) {
    if (typeof value !== 'string') shown[name] = value;
    else {
      const kept = shownValue(name.replace(/^\S+\s+/, ''), value);
      if (kept !== null) shown[name] = kept;
    }
  }
  return shown;
}

/** A `toDOM` answer as the page may show it: attribute objects filtered, elements made inert. */
function inertSpec(spec: DOMOutputSpec): DOMOutputSpec {
  if (typeof spec === 'string') return spec;
  if (isElement(spec)) {
    makeInert(spec);
    return spec;
  }
  if (!Array.isArray(spec)) {
    const { dom } = spec as { dom: Element };
    makeInert(dom);
    return spec;
  }
  const [tag, ...rest] = spec as readonly [string, ...unknown[]];
  return [tag, ...rest.map((part) => (isAttributes(part) ? inertAttributes(part) : Array.isArray(part) || isElement(part) ? inertSpec(part as DOMOutputSpec) : part))];
}

type ToDom = (...args: never[]) => DOMOutputSpec;

/** Every node's and mark's `toDOM` of the editor's schema, wrapped before its view draws anything: what the writing area shows is inert. */
export const InertPage = Extension.create({
  name: 'inertPage',
  onBeforeCreate() {
    const { nodes, marks } = this.editor.schema;
    for (const type of [...Object.values(nodes), ...Object.values(marks)]) {
      const spec = type.spec as { toDOM?: ToDom };
      const toDOM = spec.toDOM;
      if (toDOM) spec.toDOM = (...args: Parameters<ToDom>) => inertSpec(toDOM(...args));
    }
  },
});
