// Rules of the renderer's code that no type check sees: Electron has no window.prompt, and
// a blocking alert or confirm hides the writer's text; questions are asked in the page.
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

describe('the renderer', () => {
  it('never calls prompt, alert or confirm', () => {
    const offenders = sources(RENDERER).flatMap((file) =>
      fs.readFileSync(file, 'utf8').split('\n')
        .map((line, index) => ({ line, at: `${path.relative(RENDERER, file)}:${index + 1}` }))
        .filter(({ line }) => /(^|[^\w.])(window\.|globalThis\.)?(prompt|alert|confirm)\s*\(/.test(line) && !/^\s*(\/\/|\*)/.test(line))
        .map(({ at }) => at));
    expect(offenders).toEqual([]);
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
