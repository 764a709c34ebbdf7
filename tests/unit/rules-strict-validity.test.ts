// Saved markup is judged strictly (issue 29): a test that asks the block editor whether markup
// is valid uses the strict judge (tests/helpers/strict-validity.ts: `validateBlock` on every
// block written), with `parse().isValid` only in addition. A test file that reads `isValid`
// without it, or calls `validateBlock` itself (a second judge), fails this rule.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const TREES = ['tests', 'e2e'].map((tree) => path.resolve(tree));
const THE_JUDGE = path.resolve('tests', 'helpers', 'strict-validity.ts');
/** This file, whose own examples break the rule. */
const THIS_RULE = fileURLToPath(import.meta.url);

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(full);
    return /\.(ts|tsx|js|mjs|cjs)$/.test(entry.name) ? [full] : [];
  });
}

const code = (text: string) => text.split('\n').filter((line) => !line.trim().startsWith('//') && !line.trim().startsWith('*')).join('\n');
const usesTheJudge = (text: string) => /from\s+['"][./]*(?:tests\/)?helpers\/strict-validity(?:\.ts)?['"]/.test(text);

/** What is wrong with how a file judges markup, if anything. */
function offences(text: string): string[] {
  const lines = code(text);
  const found: string[] = [];
  if (/\.validateBlock\s*\(|\bimport\b[^;]*\bvalidateBlock\b/.test(lines)) found.push('calls validateBlock itself: judge through tests/helpers/strict-validity.ts');
  if (/\.isValid\b/.test(lines) && !usesTheJudge(lines)) found.push('judges markup by parse().isValid without the strict judge (tests/helpers/strict-validity.ts)');
  return found;
}

describe('judging saved markup in the tests', () => {
  it('recognises each lenient or second judge, and not a file that uses the strict one', () => {
    expect(offences("const [block] = blockEditor().parse(saved);\nexpect(block.isValid).toBe(true);")).toHaveLength(1);
    expect(offences("expect(wp.parse(saved).every((block) => block.isValid)).toBe(true);")).toHaveLength(1);
    expect(offences("expect(blocks.validateBlock(block)[0]).toBe(true);")).toHaveLength(1);
    expect(offences("import { parse, validateBlock } from '@wordpress/blocks';")).toHaveLength(1);
    expect(offences("import { strictlyInvalid } from '../helpers/strict-validity.ts';\nexpect(strictlyInvalid(saved)).toEqual([]);\nexpect(parsed.isValid).toBe(true);")).toEqual([]);
    expect(offences("// parse().isValid is lenient\nexpect(checkSaved(a, b).invalid).toEqual([]);")).toEqual([]);
  });

  it('uses the strict judge wherever a test file asks the block editor whether markup is valid', () => {
    const found = TREES.flatMap(sources)
      .filter((file) => file !== THE_JUDGE && file !== THIS_RULE)
      .flatMap((file) => offences(fs.readFileSync(file, 'utf8')).map((offence) => `${path.relative(process.cwd(), file)}: ${offence}`));
    expect(found).toEqual([]);
  });
});
