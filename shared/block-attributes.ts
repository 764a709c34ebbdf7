// Block attributes as the block editor writes them into a block's comment delimiter
// (serializeAttributes): JSON whose escaped backslashes, `--`, `<`, `>`, `&` and escaped quotes are
// written as unicode escapes, so the delimiter stays one HTML comment and holds nothing that a step
// reading the HTML around it could take for markup.

const ESCAPES: Readonly<Record<string, string>> = {
  '\\\\': '\\u005c', '--': '\\u002d\\u002d', '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\\"': '\\u0022',
};

export function serializeBlockAttributes(attrs: Record<string, unknown>): string {
  // An escaped backslash is matched as a pair, so the quote after it (a string's end) stays a quote.
  return JSON.stringify(attrs).replace(/\\\\|\\"|--|[<>&]/g, (match) => ESCAPES[match] ?? match);
}
