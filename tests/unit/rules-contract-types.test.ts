// The contract is typed both ways, for every route of the table: what each method takes is
// generated from the server's argument declarations (and the generated file is current), and
// through the typed client a wrong body, a wrong query parameter, a loose record as the query,
// a wrong answer type and an answer type named by the caller do not compile (through post(),
// request() and a batch's sub-requests, whose answers the batch carries). The second is proved by a probe
// written from the route table (tests/helpers/route-calls-probe.ts): each wrong call carries
// `@ts-expect-error`, which itself fails to compile when the call does; `npm run check` compiles
// it, and this file checks that it is the current table's.
// And no builder of the table takes a type parameter, nor any call on the table names one.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { GENERATED_ARGS_FILE, routeArgs, siteArgsSource, type BuilderArgs } from '../../build/site-args-from-routes.ts';
import { ROUTE_CALLS_FILE, routeCallsSource } from '../helpers/route-calls-probe.ts';

let builders: BuilderArgs[];

beforeAll(async () => {
  builders = await routeArgs();
});

describe('the route table\'s arguments', () => {
  it('are what the server\'s argument declarations generate (run `npx tsx build/generate-site-types.ts` after changing a route\'s arguments)', () => {
    expect(fs.readFileSync(GENERATED_ARGS_FILE, 'utf8')).toBe(siteArgsSource(builders));
  });

  it('cover every builder of the table with at least one method', () => {
    expect(builders.filter((builder) => builder.methods.length === 0)).toEqual([]);
  });
});

describe('a call through the typed client', () => {
  it('does not compile with a wrong body, a wrong query parameter, a wrong answer type or a named answer type, on every route and method (the probe `npm run check` compiles is the table\'s: run `npx tsx tests/helpers/write-route-calls.ts` after changing the table)', () => {
    const source = routeCallsSource(builders);
    const expected = (source.match(/@ts-expect-error/g) ?? []).length;
    // Every builder and method gives at least the two answer checks and a query check (other sites' routes aside).
    expect(expected).toBeGreaterThanOrEqual(builders.reduce((sum, builder) => sum + builder.methods.length * 2, 0));
    // An unused @ts-expect-error is itself an error: the check passing means every wrong call failed, and every right one compiled.
    expect(fs.readFileSync(ROUTE_CALLS_FILE, 'utf8')).toBe(source);
  });
});

/** Where a call of ours may name a type on the route table. */
const CALLERS = ['renderer', 'electron', 'server', 'shared', 'e2e', 'tests', 'bench', 'build'];
const TABLE_FILE = /(^|\/)api-routes(\.ts)?$/;

function parsed(file: string, code: string): ts.SourceFile {
  return ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
}

function lineOf(source: ts.SourceFile, node: ts.Node): number {
  return source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
}

/**
 * Calls on the route table that name a type (`batchApi.batch<Item>()`, `api.post<Post>(…)`),
 * with file and line: a path's answer is the table's to say. The table's names are those the
 * file imports from api-routes.ts (`contentRoutes(ns).posts<T>()` included).
 */
export function typedTableCalls(file: string, code: string): string[] {
  const source = parsed(file, code);
  const tableNames = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier) || !TABLE_FILE.test(statement.moduleSpecifier.text)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings)) for (const element of bindings.elements) tableNames.add(element.name.text);
  }
  const fromTable = (node: ts.Expression): boolean =>
    ts.isIdentifier(node) ? tableNames.has(node.text) : (ts.isCallExpression(node) || ts.isPropertyAccessExpression(node)) && fromTable(node.expression);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && node.typeArguments && ts.isPropertyAccessExpression(node.expression) && fromTable(node.expression.expression)) {
      found.push(`${file}:${lineOf(source, node)} ${node.expression.getText()}<…>()`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Builders of the table that take a type parameter: a caller could name its answer with it. */
export function genericBuilders(file: string, code: string): string[] {
  const source = parsed(file, code);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isPropertyAssignment(node) && (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer)) && node.initializer.typeParameters) {
      found.push(`${file}:${lineOf(source, node)} ${node.name.getText()}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The type test of wrong bodies (tests/types/request-bodies.ts), and how it names each group of the table. */
const BODIES_FILE = 'tests/types/request-bodies.ts';
const TABLE_NAMES: Record<string, string> = { ContentArgs: 'api', DesktopArgs: 'desktopApi', BatchArgs: 'batchApi' };

describe('the type test of wrong bodies', () => {
  it('covers every route of the table that takes a body (bar other sites\' routes)', () => {
    const code = fs.readFileSync(BODIES_FILE, 'utf8');
    const covered = new Set([...code.matchAll(/const route = (\w+)\.(\w+)\(/g)].map(([, table, name]) => `${table}.${name}`));
    const withBody = builders.filter((builder) => builder.methods.some(({ method, args }) => method === 'POST' && args !== 'elsewhere'));
    expect(withBody.length).toBeGreaterThan(15);
    expect(withBody.map((builder) => `${TABLE_NAMES[builder.group]}.${builder.name}`).filter((name) => !covered.has(name))).toEqual([]);
  });
});

describe('no call names its own answer type', () => {
  it('no builder of the route table takes a type parameter', () => {
    expect(genericBuilders('shared/api-routes.ts', fs.readFileSync('shared/api-routes.ts', 'utf8'))).toEqual([]);
  });

  it('no call on the route table gives one, anywhere in the code', () => {
    const files = CALLERS.flatMap((room) => (fs.readdirSync(room, { recursive: true }) as string[])
      .filter((name) => /\.tsx?$/.test(name) && !/(^|\/)(node_modules|dist)\//.test(name))
      .map((name) => path.join(room, name)));
    expect(files.length).toBeGreaterThan(100);
    // Only a file that imports the table can call it: the others are not parsed.
    const callers = files.map((file) => ({ file, code: fs.readFileSync(file, 'utf8') })).filter(({ code }) => code.includes('api-routes'));
    expect(callers.flatMap(({ file, code }) => typedTableCalls(file, code))).toEqual([]);
  });

  it('catches a type given to a builder or a table call, and lets plain paths and other calls be', () => {
    const code = [
      "import { api, batchApi, contentRoutes } from '../../shared/api-routes.ts';",
      'batchApi.batch<Item>();',
      "client.post(api.post<Post>('posts', 1), {});",
      "contentRoutes(namespace).posts<Post>('posts');",
      "client.get<number>('another/v1/route');",
      'client.batch(requests);',
      'other.batch<Item>();',
    ].join('\n');
    expect(typedTableCalls('example.ts', code)).toEqual([
      'example.ts:2 batchApi.batch<…>()',
      'example.ts:3 api.post<…>()',
      'example.ts:4 contentRoutes(namespace).posts<…>()',
    ]);
    expect(genericBuilders('table.ts', 'export const batchApi = {\n  batch: <T>() => path<T>(),\n  plain: () => path(),\n};')).toEqual(['table.ts:2 batch']);
  });
});
