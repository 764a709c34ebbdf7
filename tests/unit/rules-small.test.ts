// Rules of issue 16's small part that no import rule sees: test folders hold only tests (their
// helpers live in tests/helpers/), the app is built only from build/, and the renderer's
// actions share one busy/error helper instead of each resetting a flag in a finally block.
// (The renderer's app/ <-> features loop is ruled out by .dependency-cruiser.cjs.)
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'dist' || entry.name === 'node_modules' ? [] : files(full);
    return [full];
  });
}

const sources = (dirs: string[]) => dirs.flatMap((dir) => files(dir)).filter((file) => /\.tsx?$/.test(file));

/** `file:line` of every line of `sources` that matches `pattern`. */
function linesMatching(paths: string[], pattern: RegExp): string[] {
  return paths.flatMap((file) => fs.readFileSync(file, 'utf8').split('\n')
    .flatMap((line, index) => (pattern.test(line) ? [`${path.relative('.', file)}:${index + 1}`] : [])));
}

describe('the house rules of issue 16 (small part)', () => {
  it('keeps only *.test.ts files in tests/integration and tests/unit: helpers and fixtures live in tests/helpers/', () => {
    const strays = files('tests/integration').concat(files('tests/unit'))
      .filter((file) => !file.endsWith('.test.ts'))
      .map((file) => `${path.relative('.', file)}:1`);
    expect(strays).toEqual([]);
  });

  it('drives the build tools (Vite, esbuild) only from build/', () => {
    const outside = sources(['server', 'shared', 'electron', 'renderer', 'e2e', 'bench', 'tests'])
      .filter((file) => path.relative('.', file) !== path.join('renderer', 'vite.config.ts'));
    expect(linesMatching(outside, /from '(vite|esbuild)'/)).toEqual([]);
  });

  it('has no hand-rolled busy flag reset in a finally block in the renderer: actions run through components/useAction.ts', () => {
    const renderer = sources(['renderer']).filter((file) => path.relative('renderer', file) !== path.join('components', 'useAction.ts'));
    const blocks = renderer.flatMap((file) => {
      const text = fs.readFileSync(file, 'utf8');
      return [...text.matchAll(/\bfinally\s*\{\s*set[A-Z]\w*\((false|null)\)/g)]
        .map((match) => `${path.relative('.', file)}:${text.slice(0, match.index).split('\n').length}`);
    });
    expect(blocks).toEqual([]);
  });
});
