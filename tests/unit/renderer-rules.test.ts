// Rules of the renderer's code that no type check sees: Electron has no window.prompt, and
// a blocking alert or confirm hides the writer's text; questions are asked in the page. The
// keyboard goes back to the text at once, never a frame later.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const RENDERER = path.resolve('renderer');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'dist' ? [] : sources(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

/** The places in the renderer's code (file:line, comments left out) where `pattern` is found. */
const linesMatching = (pattern: RegExp) => sources(RENDERER).flatMap((file) =>
  fs.readFileSync(file, 'utf8').split('\n')
    .map((line, index) => ({ line, at: `${path.relative(RENDERER, file)}:${index + 1}` }))
    .filter(({ line }) => pattern.test(line) && !/^\s*(\/\/|\*)/.test(line))
    .map(({ at }) => at));

describe('the renderer', () => {
  it('never calls prompt, alert or confirm', () => {
    expect(linesMatching(/(^|[^\w.])(window\.|globalThis\.)?(prompt|alert|confirm)\s*\(/)).toEqual([]);
  });

  // tiptap's focus command focuses on the next animation frame: keys typed in between (right
  // after Enter in the link field, or a click on a toolbar button) went to a field that was
  // closing, and were lost (CI, session 18). chainInText and focusText focus at once.
  it('never leaves giving the keyboard back to the text for a frame later (tiptap\'s focus command)', () => {
    expect(linesMatching(/\.focus\(\)\.|commands\.focus\(|\.focus\(['"](start|end|all)/)).toEqual([]);
  });
});

describe('a typed link address', () => {
  it('gets https:// when it has no scheme, mailto: when it is an e-mail address, and is kept otherwise', async () => {
    const { linkAddress } = await import('../../renderer/editor/link-address.ts');
    expect(linkAddress(' example.org ')).toBe('https://example.org');
    expect(linkAddress('example.org/a?b=c')).toBe('https://example.org/a?b=c');
    expect(linkAddress('jo@example.org')).toBe('mailto:jo@example.org');
    expect(linkAddress('http://example.org')).toBe('http://example.org');
    expect(linkAddress('/about/')).toBe('/about/');
    expect(linkAddress('#notes')).toBe('#notes');
    expect(linkAddress('')).toBe('');
  });
});
