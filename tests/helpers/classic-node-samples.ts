// Classic HTML making each block node classic content holds, for the tests of its reading and
// writing (classic-editable.test.ts) and of Convert to blocks (block-editing.test.ts).

/** Classic HTML making each block node classic content holds (its paragraphs, lists, quotes …), by node, around `words`. */
export const classicNodeSamples = (words: string): Readonly<Record<string, string>> => ({
  paragraph: `<p>${words}</p>`,
  heading: `<h3>${words}</h3>`,
  bulletList: `<ul><li>${words}</li></ul>`,
  orderedList: `<ol start="2"><li>${words}</li></ol>`,
  blockquote: `<blockquote><p>${words}</p></blockquote>`,
  imageBlock: `<img src="https://example.com/photo.jpg" alt="${words}" />`,
  codeBlock: `<pre><code>${words} [tag]</code></pre>`,
  preformatted: `<pre>${words}</pre>`,
  tableBlock: `<table><tbody><tr><td>${words}</td></tr></tbody></table>`,
  horizontalRule: '<hr />',
  classicDivision: `<div>${words}</div>`,
  classicBox: `<dl><dt>Term</dt><dd>${words}</dd></dl>`,
  richBlock: `[caption id="attachment_9" width="300"]<img src="https://example.com/photo.jpg" alt="" width="300" height="200" /> ${words}[/caption]`,
  unknownBlock: `<form action="https://example.com/">${words}</form>`,
  // (Nodes of the editor's schema classic content's reading makes itself.)
  moreBlock: '<!--more Read on-->',
  pageBreak: '<!--nextpage-->',
  // A block comment the block parser rejects (a name with capitals), held out of sight as read.
  heldComment: '<!-- wp:Invalid/Capitals /-->',
});
