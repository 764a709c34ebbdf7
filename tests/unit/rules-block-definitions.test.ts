// @vitest-environment jsdom
// One definition per block (issue 29): every block the inserter offers is defined by exactly one
// module (renderer/blocks/block-definition.ts, registered in defined-blocks.ts) — or, for a block
// the site makes when the page is shown, by its one entry among the dynamic blocks: a block added
// to the inserter any other way fails here. A defined block's names (its block names, the nodes it
// adds) are written in its module alone, so adding or changing it touches that one place (its
// older forms aside: older-*.ts, equivalent-form.ts).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BlockDefinition } from '../../renderer/blocks/block-definition.ts';
import { DEFINITIONS } from '../../renderer/blocks/defined-blocks.ts';
import { DYNAMIC_BLOCKS } from '../../renderer/blocks/dynamic-blocks.ts';
import { CATALOGUE } from '../../renderer/editor/block-catalogue.ts';

const BLOCKS = path.resolve('renderer/blocks');
const RENDERER = path.resolve('renderer');

/** Each module registered in defined-blocks.ts (or html-read-blocks.ts), with the definition it exports. */
async function definingModules(): Promise<{ file: string; definition: BlockDefinition }[]> {
  const registries = ['defined-blocks.ts', 'html-read-blocks.ts'].map((file) => fs.readFileSync(path.join(BLOCKS, file), 'utf8')).join('\n');
  const imports = [...registries.matchAll(/^import \{ (\w+Block) \} from '\.\/([\w-]+\.ts)';$/gm)];
  return Promise.all(imports.map(async ([, name, file]) => ({ file, definition: ((await import(path.join(BLOCKS, file))) as Record<string, BlockDefinition>)[name] })));
}

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'dist' ? [] : sources(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

/** Files that may name a block besides its module: its older forms, migrated to the current one. */
const OLDER_FORMS = /\/blocks\/(older-[\w-]+|equivalent-form)\.ts$/;

describe('one definition per block', () => {
  it('every block the inserter offers is defined by exactly one module', async () => {
    const modules = await definingModules();
    // Each registered definition comes from one module of its own.
    expect(DEFINITIONS.map((definition) => modules.filter((module) => module.definition === definition).length)).toEqual(DEFINITIONS.map(() => 1));
    const dynamicTitles = Object.values(DYNAMIC_BLOCKS).filter((type) => !type.parent).map((type) => type.title);
    const definers = (title: string) => [
      ...modules.filter(({ definition }) => definition.inserter?.some((entry) => entry.title === title)).map(({ file }) => file),
      ...dynamicTitles.filter((dynamic) => dynamic === title).map(() => 'dynamic-blocks.ts'),
    ];
    const offered = CATALOGUE.map((entry) => entry.title);
    const wrong = offered.map((title) => ({ title, definers: definers(title) })).filter(({ definers: found }) => found.length !== 1);
    expect(wrong).toEqual([]);
    // And the inserter offers every defined entry once (one placed after another entry too).
    expect(DEFINITIONS.flatMap((definition) => definition.inserter ?? []).filter((entry) => offered.filter((title) => title === entry.title).length !== 1)).toEqual([]);
  });

  it('a defined block is named in its own module alone (and in its older forms)', async () => {
    const modules = await definingModules();
    const files = sources(RENDERER).filter((file) => !OLDER_FORMS.test(file)).map((file) => ({ file, text: fs.readFileSync(file, 'utf8') }));
    const strays = modules.flatMap(({ file, definition }) => {
      const names = [...Object.keys(definition.readers ?? {}), ...(definition.containers ?? []), ...Object.keys(definition.writers ?? {})];
      return names.flatMap((name) => files.filter((other) => path.basename(other.file) !== file && new RegExp(`['"\`]${name.replace(/[/-]/g, '\\$&')}['"\`]`).test(other.text)).map((other) => `${name} in ${path.relative(RENDERER, other.file)}`));
    });
    expect(strays).toEqual([]);
  });

  it('what a module declares of a block is of its own blocks, a reader beside another module\'s block apart (then that block has its own reader)', async () => {
    const modules = await definingModules();
    const ownReaders = (file: string, name: string) => modules.filter((module) => module.file === file && Object.hasOwn(module.definition.readers ?? {}, name)).length;
    const carriedElsewhere = modules.flatMap(({ file, definition }) => Object.keys(definition.carried ?? {}).filter((name) => ownReaders(file, name) === 0).map((name) => `${name} carried in ${file}`));
    const besideUnread = modules.flatMap(({ file, definition }) => Object.keys(definition.readsBeside ?? {}).filter((name) => modules.filter((other) => other.file !== file && Object.hasOwn(other.definition.readers ?? {}, name)).length !== 1).map((name) => `${name} read beside in ${file}`));
    expect([...carriedElsewhere, ...besideUnread]).toEqual([]);
  });
});
