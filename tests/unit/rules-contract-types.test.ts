// The contract is typed both ways, for every route of the table: what each method takes is
// generated from the server's argument declarations (and the generated file is current), and
// through the typed client a wrong body, a wrong query parameter, a wrong answer type and an
// answer type named by the caller do not compile. The second is proved by compiling a probe
// written from the route table: each wrong call carries `@ts-expect-error`, which itself fails
// to compile when the call does.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { GENERATED_ARGS_FILE, routeArgs, siteArgsSource, type BuilderArgs, type MethodArgs } from '../../build/site-args-from-routes.ts';
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
  ];
  if (args === 'elsewhere') return lines; // another site's arguments: any record
  const name = typedArg(args);
  const wrong = name === null ? '{ notAnArgument: 1 }' : `{ ...({} as ${argsType}), ${JSON.stringify(name)}: Symbol() }`;
  const wrongQuery = name === null ? '{ notAnArgument: Symbol() }' : `{ ${JSON.stringify(name)}: Symbol() }`;
  if (method === 'POST') lines.push('  // @ts-expect-error a body argument of the wrong type', `  await client.post(route, ${wrong});`);
  lines.push('  // @ts-expect-error a query parameter of the wrong type', `  await client.${call}(route, ${body}${wrongQuery});`);
  return lines;
}

function probeSource(): string {
  const shared = path.resolve('shared');
  const blocks = builders.map((builder) => {
    const sample = builder.calls[0].map((value) => JSON.stringify(value)).join(', ');
    return ['{', `  const route = tables.${builder.group}.${builder.name}(${sample});`, ...builder.methods.flatMap((method) => probeMethod(builder, method)), '}'].join('\n');
  });
  return [
    `import { batchApi, contentRoutes, desktopApi, indexApi, oembedApi, type ArgsOf } from ${JSON.stringify(`${shared}/api-routes.ts`)};`,
    `import type { SiteClient } from ${JSON.stringify(`${shared}/site-client.ts`)};`,
    'declare const client: SiteClient;',
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
