// The probe of the typed client (tests/unit/rules-contract-types.test.ts): written from the
// route table, every right call to every route and method, and every wrong one (a wrong body,
// query parameter, answer type, an answer type the caller names) with `@ts-expect-error`, which
// itself fails to compile when the call does. Kept as ROUTE_CALLS_FILE, compiled by
// `npm run check` (tsconfig.tools.json, in CI): a type-check inside a unit test took
// seconds of every run; the unit test checks that the file is the route table's current probe.
import type { ArgSchema } from '../../server/rest/types.ts';
import type { BuilderArgs, METHODS, MethodArgs } from '../../build/site-args-from-routes.ts';

export const ROUTE_CALLS_FILE = 'tests/types/route-calls.generated.ts';

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

/** The probe's source for the route table `builders` (what `tsc -p tsconfig.tools.json` compiles as ROUTE_CALLS_FILE). */
export function routeCallsSource(builders: readonly BuilderArgs[]): string {
  const blocks = builders.map((builder) => {
    const sample = builder.calls[0].map((value) => JSON.stringify(value)).join(', ');
    return ['{', `  const route = tables.${builder.group}.${builder.name}(${sample});`, ...builder.methods.flatMap((method) => probeMethod(builder, method)), '}'].join('\n');
  });
  return [
    '// Generated from the route table by tests/helpers/write-route-calls.ts (`npx tsx tests/helpers/write-route-calls.ts`): do not edit.',
    '// Every wrong call carries @ts-expect-error, itself an error where the call compiles (tests/helpers/route-calls-probe.ts).',
    "import { batchApi, contentRoutes, desktopApi, indexApi, oembedApi, type AnswerOf, type ArgsOf } from '../../shared/api-routes.ts';",
    "import { subRequest, type SiteClient } from '../../shared/site-client.ts';",
    "import type { BatchResult } from '../../shared/site-types.ts';",
    '',
    'declare const client: SiteClient;',
    'declare const loose: Record<string, unknown>;',
    'declare function takes<T>(value: T): void;',
    '',
    'export async function routeCalls(): Promise<void> {',
    '  const tables = { ContentArgs: contentRoutes(), IndexArgs: indexApi, DesktopArgs: desktopApi, OembedArgs: oembedApi, BatchArgs: batchApi };',
    '  // A plain string path is the untyped door: its caller names the answer.',
    "  takes<number>(await client.get<number>('another/v1/route', { any: 'query' }));",
    ...blocks.map((block) => block.replace(/^/gm, '  ')),
    '}',
    '',
  ].join('\n');
}
