// The contract's rules. A path of the site's API is written once, in shared/api-routes.ts:
// any string in renderer/, electron/ or server/ that names one (a namespace such as cms/v2
// or inkwell/v1 as path text) fails here with its file and line; the route table's builders
// and NAMESPACES give the path instead. Comments may name routes; strings may not. And the
// shared resource types agree with the server's schemas, the ones OPTIONS serves.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { API_PREFIX, NAMESPACES } from '../../shared/api-routes.ts';
import type { Term, User } from '../../shared/site-types.ts';
import { GENERATED_TYPES_FILE, siteTypesSource } from '../../build/site-types-from-schema.ts';
import { TERM_SCHEMA } from '../../server/namespaces/cms/terms-routes.ts';
import { USER_SCHEMA } from '../../server/namespaces/cms/users-routes.ts';

const ROOMS = ['renderer', 'electron', 'server'];
const TABLE = path.join('shared', 'api-routes.ts');
/** A namespace of the table, or any `name/v1`-like one a new route would bring. */
const NAMESPACE_TEXT = new RegExp(`(^|[^\\w.-])(${[...Object.values(NAMESPACES).map((name) => name.replace(/[./]/g, '\\$&')), '[a-z][a-z0-9-]*/v\\d+'].join('|')})(?![\\w.])`);
/** The API's prefix on a site's address. */
const PREFIX_TEXT = new RegExp(`${API_PREFIX}(?![\\w-])`);
/** Another site's endpoint (an oEmbed provider's, say) is not a path of ours. */
const FOREIGN_URL = /^https?:\/\//;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'dist' || entry.name === 'node_modules' ? [] : sources(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

/** The text of every string literal and template piece in a file, with its line. */
export function stringTexts(file: string, code: string): { text: string; line: number }[] {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: { text: string; line: number }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) {
      // Import specifiers are file paths, not API paths.
      if (!ts.isImportDeclaration(node.parent) && !ts.isExportDeclaration(node.parent)) {
        found.push({ text: node.text, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1 });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

export function pathStrings(file: string, code: string): string[] {
  return stringTexts(file, code)
    .filter(({ text }) => !FOREIGN_URL.test(text) && (NAMESPACE_TEXT.test(text) || PREFIX_TEXT.test(text)))
    .map(({ text, line }) => `${file}:${line} ${JSON.stringify(text)}`);
}

describe('the route table', () => {
  it('is the only place in renderer/, electron/ and server/ that names a path of the site API', () => {
    const offenders = ROOMS.flatMap((room) => sources(path.resolve(room)))
      .filter((file) => path.relative(process.cwd(), file) !== TABLE)
      .flatMap((file) => pathStrings(path.relative(process.cwd(), file), fs.readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('catches a path written in a string or a template, and lets comments, imports and other sites be', () => {
    const code = [
      "import { api } from '../../shared/api-routes.ts';",
      '// GET cms/v2/posts answers a list.',
      "client.get('cms/v2/media');",
      'client.post(`inkwell/v1/sites/${id}`);',
      'const base = `${root}oembed/1.0/proxy`;',
      "const pattern = '/contact-form/v1/contact-forms';",
      "const other = '/widgets/v3/list';",
      "const tumblr = 'https://www.tumblr.com/oembed/1.0';",
      "const mime = 'image/webp';",
      'const root = `${origin}/cms-json/`;',
    ].join('\n');
    expect(pathStrings('example.ts', code)).toEqual([
      'example.ts:3 "cms/v2/media"',
      'example.ts:4 "inkwell/v1/sites/"',
      'example.ts:5 "oembed/1.0/proxy"',
      'example.ts:6 "/contact-form/v1/contact-forms"',
      'example.ts:7 "/widgets/v3/list"',
      'example.ts:10 "/cms-json/"',
    ]);
  });
});

// The term and user schemas name their fields without types: the shared types must name the
// same ones (the compiler checks these lists against the types, the test against the schemas).
const TERM_FIELDS = { id: true, count: true, description: true, link: true, name: true, slug: true, taxonomy: true, parent: true } satisfies Record<keyof Term, true>;
const USER_FIELDS = {
  id: true, username: true, name: true, email: true, url: true, description: true, link: true, slug: true, roles: true, registered_date: true, avatar_urls: true,
} satisfies Record<keyof User, true>;

describe('the shared resource types', () => {
  it('are what the server\'s post, page, revision and media schemas generate (run `npx tsx build/generate-site-types.ts` after changing a schema)', () => {
    expect(fs.readFileSync(GENERATED_TYPES_FILE, 'utf8')).toBe(siteTypesSource());
  });

  it('name the fields the term and user schemas name', () => {
    expect(Object.keys(TERM_FIELDS).sort()).toEqual(Object.keys(TERM_SCHEMA).sort());
    expect(Object.keys(USER_FIELDS).sort()).toEqual(Object.keys(USER_SCHEMA).sort());
  });
});
