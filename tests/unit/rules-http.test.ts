// The HTTP adapter (server/http.ts and server/http/) only moves bytes: it writes no HTML, and
// knows no page, resource or storage. Pages are reached through the one page table, answers'
// keeping through the REST core.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ADAPTER = ['server/http.ts', ...fs.readdirSync('server/http').map((name) => `server/http/${name}`)].filter((file) => file.endsWith('.ts'));

/** Rooms the adapter may not import from: the pages (but for their table), the domain, storage and namespaces. */
const FORBIDDEN = /^server\/(pages\/(?!routes\.ts$)|content\/|store\/|auth\/|namespaces\/|seo\/)/;

/** An HTML tag in code (not in a comment). */
const HTML_TAG = /<\/?(!doctype|html|head|body|title|meta|style|script|h[1-6]|p|a|div|span|main|article|header|footer|form|input|button|label|img|code|strong)\b[^>]*>/i;

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

function importsOf(file: string): { target: string; at: string }[] {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:\bfrom\s+|\bimport\s*\(?\s*)'(\.[^']+)'/g)].map((match) => ({
    target: path.posix.normalize(path.posix.join(path.posix.dirname(file), match[1])),
    at: `${file}:${lineOf(text, match.index)}`,
  }));
}

describe('the HTTP adapter', () => {
  it('is the files this rule looks at', () => {
    expect(ADAPTER).toContain('server/http.ts');
    expect(ADAPTER.length).toBeGreaterThan(1);
  });

  it('imports no page but the page table, and no content, store, auth or namespace module', () => {
    const offenders = ADAPTER.flatMap(importsOf).filter(({ target }) => FORBIDDEN.test(target)).map(({ target, at }) => `${at} imports ${target}`);
    expect(offenders).toEqual([]);
  });

  it('writes no HTML', () => {
    const offenders = ADAPTER.flatMap((file) =>
      fs.readFileSync(file, 'utf8').split('\n')
        .map((line, index) => ({ line, at: `${file}:${index + 1}` }))
        .filter(({ line }) => HTML_TAG.test(line) && !/^\s*(\/\/|\/?\*)/.test(line))
        .map(({ at }) => at));
    expect(offenders).toEqual([]);
  });
});
