// What a reader sees of a title or content: its text, without markup or comments, entities
// decoded, white space collapsed. A remote may store what was sent otherwise (WordPress
// trims titles, encodes & and < as entities, and filters markup for accounts without
// unfiltered_html), but it keeps this; so finding an item whose create answer was lost
// compares this, never the raw strings.
import { DomUtils, parseDocument } from 'htmlparser2';

export function visibleText(html: string): string {
  return DomUtils.textContent(parseDocument(html, { decodeEntities: true })).normalize('NFC').replace(/\s+/g, ' ').trim();
}
