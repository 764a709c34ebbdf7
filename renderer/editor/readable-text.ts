// Plain text of block markup, one line per block, for diffs people can read.
export function readableText(markup: string): string {
  return markup
    .replace(/<!--[\s\S]*?-->/g, '\n')
    .replace(/<\/(p|h[1-6]|li|blockquote|pre|figure|figcaption)>/gi, '\n')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;/g, "'")
    .replace(/&amp;/g, '&')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join('\n');
}
