// @vitest-environment jsdom
// Reading block markup into the editor leaves nothing on the window: in jsdom each document that
// runs a selector gets an engine that listens on the window for good, so reading every piece of
// HTML in a document of its own made each later read slower and kept every document read
// (renderer/blocks/html-nodes.ts reads in one document kept for it).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { markupToDoc } from '../../renderer/blocks/block-markup.ts';
import { buttonHref } from '../../renderer/blocks/button-link.ts';

const POST = [
  '<!-- wp:paragraph -->\n<p>Some <strong>bold</strong> words</p>\n<!-- /wp:paragraph -->',
  '<!-- wp:heading {"level":3} -->\n<h3 class="wp-block-heading">A heading</h3>\n<!-- /wp:heading -->',
  '<!-- wp:quote -->\n<blockquote class="wp-block-quote"><!-- wp:paragraph -->\n<p>Quoted</p>\n<!-- /wp:paragraph --></blockquote>\n<!-- /wp:quote -->',
  '<!-- wp:buttons -->\n<div class="wp-block-buttons"><!-- wp:button -->\n<div class="wp-block-button"><a class="wp-block-button__link wp-element-button" href="https://example.com/?a=1&amp;b=2">Go</a></div>\n<!-- /wp:button --></div>\n<!-- /wp:buttons -->',
].join('\n\n');

/** Every listener added, wherever: the engine adds its own to the window from inside jsdom. */
const listenersAdded = () => vi.spyOn(EventTarget.prototype, 'addEventListener');

describe('reading markup', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('adds no listener, however many times it reads', () => {
    markupToDoc(POST);
    const listening = listenersAdded();
    for (let time = 0; time < 5; time += 1) markupToDoc(POST);
    expect(listening).not.toHaveBeenCalled();
  });

  it("reads a button's link without adding a listener", () => {
    const listening = listenersAdded();
    expect(buttonHref('<a class="wp-block-button__link" href="https://example.com/?a=1&amp;b=2">')).toBe('https://example.com/?a=1&b=2');
    expect(listening).not.toHaveBeenCalled();
  });
});
