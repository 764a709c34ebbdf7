// The footnotes block's notes <-> the post's `footnotes` meta (a JSON list of `{id, content}`,
// content as post HTML, in the order the marks appear).
import type { JSONContent } from '@tiptap/core';
import { inlineHtml } from './inline-html.ts';
import { htmlText } from './kept-attributes.ts';
import { FOOTNOTES_NODE } from './footnotes-block.ts';
import { richTextContent } from './html-nodes.ts';

export interface FootnoteNote {
  id: string;
  content: string;
}

/** A note as the editor holds it: its text as rich text when the editor can hold it, else as plain text, its HTML kept. */
export function noteNode(note: FootnoteNote): JSONContent {
  const text = htmlText(note.content);
  const content = richTextContent(note.content) ?? (text ? [{ type: 'text', text }] : []);
  return { type: 'footnoteNote', attrs: { id: note.id, source: note.content, canonical: inlineHtml(content) }, content };
}

/** The notes of a `footnotes` meta value; nothing for anything else. */
export function parseFootnotes(value: unknown): FootnoteNote[] {
  if (typeof value !== 'string' || value === '') return [];
  try {
    const parsed: unknown = JSON.parse(value);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter((note): note is FootnoteNote => typeof note?.id === 'string' && typeof note?.content === 'string');
  } catch {
    return [];
  }
}

/** The document with its footnotes block holding the notes of the meta, in the order the marks appear. */
export function withFootnoteNotes(doc: JSONContent, meta: unknown): JSONContent {
  const notes = new Map(parseFootnotes(meta).map((note) => [note.id, note]));
  const order = markIds(doc);
  const fill = (node: JSONContent): JSONContent =>
    node.type === FOOTNOTES_NODE ? { ...node, content: order.map((id) => noteNode(notes.get(id) ?? { id, content: '' })) } : node.content ? { ...node, content: node.content.map(fill) } : node;
  return fill(doc);
}

function markIds(doc: JSONContent): string[] {
  const ids: string[] = [];
  const visit = (node: JSONContent) => {
    if (node.type === 'footnoteMark' && !ids.includes(String(node.attrs?.id))) ids.push(String(node.attrs?.id));
    node.content?.forEach(visit);
  };
  visit(doc);
  return ids;
}

function noteHtml(note: JSONContent): string {
  const written = inlineHtml(note.content);
  return written === note.attrs?.canonical && typeof note.attrs.source === 'string' ? note.attrs.source : written;
}

/**
 * The `footnotes` meta for a document: a note for each mark, in order, with the text the
 * editor holds, or the one the meta had (a document restored without its notes). The meta as
 * it was when that is what it says, so an unchanged save sends it byte for byte.
 */
export function footnotesMeta(doc: JSONContent, previous: unknown): string {
  const held = new Map<string, string>();
  const visit = (node: JSONContent) => {
    if (node.type === 'footnoteNote') held.set(String(node.attrs?.id), noteHtml(node));
    else node.content?.forEach(visit);
  };
  visit(doc);
  const before = parseFootnotes(previous);
  const known = new Map(before.map((note) => [note.id, note.content]));
  const notes = markIds(doc).map((id) => ({ id, content: held.get(id) ?? known.get(id) ?? '' }));
  const same = notes.length === before.length && notes.every((note, index) => note.id === before[index].id && note.content === before[index].content);
  if (same && typeof previous === 'string') return previous;
  return notes.length === 0 ? '' : JSON.stringify(notes);
}

/** The post's meta with its `footnotes` following the document; left alone for a post that never had any. */
export function metaWithFootnotes(meta: Record<string, unknown>, doc: JSONContent): Record<string, unknown> {
  if (!Object.hasOwn(meta, 'footnotes') && markIds(doc).length === 0) return meta;
  return { ...meta, footnotes: footnotesMeta(doc, meta.footnotes) };
}
