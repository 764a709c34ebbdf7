// The contract is typed both ways, for every route of the table: what each method takes is
// generated from the server's argument declarations (and the generated file is current), and
// through the typed client a wrong body, a wrong query parameter, a loose record as the query,
// a wrong answer type and an answer type named by the caller do not compile (through post(),
// request() and a batch's sub-requests, whose answers the batch carries). The second is proved by compiling a probe
// written from the route table: each wrong call carries `@ts-expect-error`, which itself fails
// to compile when the call does.
// And no builder of the table takes a type parameter, nor any call on the table names one.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { GENERATED_ARGS_FILE, METHODS, routeArgs, siteArgsSource, type BuilderArgs, type MethodArgs } from '../../build/site-args-from-routes.ts';
import type { ArgSchema } from '../../server/rest/types.ts';

let builders: BuilderArgs[];

beforeAll(async () => {
  builders = await routeArgs();
});

/** Whether the generated type of an argument is `unknown` (it declares no type): any value fits it. */
const takesAnything = (schema: ArgSchema) => !schema.type && !schema.enum && !schema.oneOf && !schema.textInput;

/** A declared argument that a symbol cannot be, or null when there is none. */
function typedArg(args: MethodArgs['args']): string | null {
  if (args === 'elsewhere') return null;
  return Object.entries(args).find(([, schema]) => !takesAnything(schema))?.[0] ?? null;
}

const CALL = { GET: 'get', POST: 'post', DELETE: 'delete' } as const;

/** The probe's lines for one method of one builder. */
function probeMethod(builder: BuilderArgs, { method, args }: MethodArgs): string[] {
  const call = CALL[method];
  const argsType = `ArgsOf<typeof route, '${method}'>`;
  // A POST takes its arguments in the body, and any of them in the query.
  const body = method === 'POST' ? `{} as ${argsType}, ` : '';
  const lines = [
    `  // ${method} ${builder.group}.${builder.name}`,
    `  await client.${call}(route${method === 'POST' ? `, {} as ${argsType}` : ''});`,
    '  // @ts-expect-error the wrong answer type',
    `  takes<{ notTheAnswer: symbol }>(await client.${call}(route${method === 'POST' ? `, {} as ${argsType}` : ''}));`,
    '  // @ts-expect-error an answer type the caller names',
    `  await client.${call}<{ notTheAnswer: symbol }>(route${method === 'POST' ? `, {} as ${argsType}` : ''});`,
    ...batchLines(method, argsType),
  ];
  if (args === 'elsewhere') return lines; // another site's arguments: any record
  // A loose record as the query (bodies: tests/types/request-bodies.ts).
  if (method !== 'POST') lines.push('  // @ts-expect-error a loose record as the query', `  await client.${call}(route, loose);`);
  const name = typedArg(args);
  const wrong = name === null ? '{ notAnArgument: 1 }' : `{ ...({} as ${argsType}), ${JSON.stringify(name)}: Symbol() }`;
  const wrongQuery = name === null ? '{ notAnArgument: Symbol() }' : `{ ${JSON.stringify(name)}: Symbol() }`;
  if (method === 'POST') {
    // Every way a body reaches the route: post(), request() and a batch's sub-request.
    lines.push('  // @ts-expect-error a body argument of the wrong type', `  await client.post(route, ${wrong});`);
    lines.push('  // @ts-expect-error a body argument of the wrong type, through request()', `  await client.request('POST', route, { body: ${wrong} });`);
    lines.push('  // @ts-expect-error a sub-request\'s body argument of the wrong type', `  subRequest('POST', route, ${wrong});`);
  }
  if (method === 'DELETE') lines.push('  // @ts-expect-error a sub-request\'s query parameter of the wrong type', `  subRequest('DELETE', route, ${wrongQuery});`);
  lines.push('  // @ts-expect-error a query parameter of the wrong type', `  await client.${call}(route, ${body}${wrongQuery});`);
  return lines;
}

/** A write in a batch answers what its route answers, and nothing else compiles. */
function batchLines(method: (typeof METHODS)[number], argsType: string): string[] {
  if (method === 'GET') return []; // a batch takes writes only
  const sub = method === 'POST' ? `subRequest('POST', route, {} as ${argsType})` : "subRequest('DELETE', route)";
  return [
    `  takes<BatchResult<AnswerOf<typeof route, '${method}'>>[]>(await client.batch([${sub}]));`,
    '  // @ts-expect-error a batch answer other than the route\'s',
    `  takes<BatchResult<{ notTheAnswer: symbol }>[]>(await client.batch([${sub}]));`,
  ];
}

function probeSource(): string {
  const shared = path.resolve('shared');
  const blocks = builders.map((builder) => {
    const sample = builder.calls[0].map((value) => JSON.stringify(value)).join(', ');
    return ['{', `  const route = tables.${builder.group}.${builder.name}(${sample});`, ...builder.methods.flatMap((method) => probeMethod(builder, method)), '}'].join('\n');
  });
  return [
    `import { batchApi, contentRoutes, desktopApi, indexApi, oembedApi, type AnswerOf, type ArgsOf } from ${JSON.stringify(`${shared}/api-routes.ts`)};`,
    `import { subRequest, type SiteClient } from ${JSON.stringify(`${shared}/site-client.ts`)};`,
    `import type { BatchResult } from ${JSON.stringify(`${shared}/site-types.ts`)};`,
    'declare const client: SiteClient;',
    'declare const loose: Record<string, unknown>;',
    'declare function takes<T>(value: T): void;',
    'const tables = { ContentArgs: contentRoutes(), IndexArgs: indexApi, DesktopArgs: desktopApi, OembedArgs: oembedApi, BatchArgs: batchApi };',
    '// A plain string path is the untyped door: its caller names the answer.',
    "takes<number>(await client.get<number>('another/v1/route', { any: 'query' }));",
    ...blocks,
    '',
  ].join('\n');
}

/** The probe's compile errors, with their lines. */
function compile(source: string): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contract-probe-'));
  try {
    const file = path.join(dir, 'probe.mts');
    fs.writeFileSync(file, source);
    const config = ts.getParsedCommandLineOfConfigFile(path.resolve('tsconfig.shared.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
    const options = { ...config!.options, noUnusedLocals: false, incremental: false, tsBuildInfoFile: undefined, noEmit: true };
    const program = ts.createProgram([file], options);
    return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
      const line = diagnostic.file && diagnostic.start !== undefined ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line + 1 : 0;
      return `${diagnostic.file ? path.basename(diagnostic.file.fileName) : ''}:${line} ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n').split('\n')[0]}`;
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('the route table\'s arguments', () => {
  it('are what the server\'s argument declarations generate (run `npx tsx build/generate-site-types.ts` after changing a route\'s arguments)', () => {
    expect(fs.readFileSync(GENERATED_ARGS_FILE, 'utf8')).toBe(siteArgsSource(builders));
  });

  it('cover every builder of the table with at least one method', () => {
    expect(builders.filter((builder) => builder.methods.length === 0)).toEqual([]);
  });
});

describe('a call through the typed client', () => {
  it('does not compile with a wrong body, a wrong query parameter, a wrong answer type or a named answer type, on every route and method', () => {
    const source = probeSource();
    const expected = (source.match(/@ts-expect-error/g) ?? []).length;
    // Every builder and method gives at least the two answer checks and a query check (other sites' routes aside).
    expect(expected).toBeGreaterThanOrEqual(builders.reduce((sum, builder) => sum + builder.methods.length * 2, 0));
    // An unused @ts-expect-error is itself an error: none means every wrong call failed, and every right one compiled.
    expect(compile(source)).toEqual([]);
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
