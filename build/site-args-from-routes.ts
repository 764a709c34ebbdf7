// The TypeScript of what each route of the table takes, written from the server's argument
// declarations: for every path builder of shared/api-routes.ts and every method it answers,
// the arguments the route's endpoint declares (those its pattern captures aside), as a client
// sends them. Read from the routes the desktop app's host serves, in both deployments, so the
// private namespace is there too. build/generate-site-types.ts writes it to shared/; a test
// compares the two.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { batchApi, contentRoutes, desktopApi, indexApi, oembedApi, rooted } from '../shared/api-routes.ts';
import { startAppHost } from '../electron/app-host.ts';
import { DEPLOYMENTS } from '../server/deployments.ts';
import type { Router } from '../server/rest/router.ts';
import type { ArgSchema, ArgSchemas } from '../server/rest/types.ts';

export const GENERATED_ARGS_FILE = 'shared/site-args.generated.ts';

/** The methods a table path answers (PUT and PATCH are POST's in every endpoint of ours). */
export const METHODS = ['GET', 'POST', 'DELETE'] as const;

type Builder = (...args: never[]) => string;

/** The route table's groups of builders, by the name of the interface the file gives each. */
export const TABLES: Record<string, Record<string, unknown>> = {
  ContentArgs: contentRoutes(),
  IndexArgs: indexApi,
  DesktopArgs: desktopApi,
  OembedArgs: oembedApi,
  BatchArgs: batchApi,
};

/** The builders of a group (a group also names its namespace). */
export function buildersOf(table: Record<string, unknown>): [string, Builder][] {
  return Object.entries(table).filter((entry): entry is [string, Builder] => typeof entry[1] === 'function');
}

/**
 * Arguments a builder with parameters is called with to find its routes: one call per route
 * it can name (posts and pages, categories and tags). A builder of no parameters needs none.
 */
export const SAMPLE_CALLS: Record<string, Record<string, readonly (readonly (string | number)[])[]>> = {
  ContentArgs: {
    posts: [['posts'], ['pages']],
    post: [['posts', 1], ['pages', 1]],
    revisions: [['posts', 1], ['pages', 1]],
    revision: [['posts', 1, 2], ['pages', 1, 2]],
    autosaves: [['posts', 1], ['pages', 1]],
    autosave: [['posts', 1, 2], ['pages', 1, 2]],
    media: [[1]],
    mediaPostProcess: [[1]],
    mediaEdit: [[1]],
    terms: [['categories'], ['tags']],
    term: [['categories', 1], ['tags', 1]],
    user: [[1]],
    themeGlobalStyles: [['twentytwentythree']],
  },
  DesktopArgs: {
    site: [['site']],
    credentials: [['site']],
    siteSettings: [['site']],
    copySession: [['site']],
    preview: [['site']],
    sync: [['site']],
    syncProgress: [['site']],
    conflicts: [['site']],
    templates: [['site']],
    palette: [['site']],
    patternIds: [['site']],
    patterns: [['site']],
    conflict: [['site', 1]],
    grant: [['grant']],
    grantCallback: [['grant']],
  },
};

/**
 * Methods of the table that only other sites serve (a connected WordPress): what they take is
 * the remote's, loosely typed. The generator fails when one of them is served here after all.
 */
export const SERVED_ELSEWHERE: Record<string, Record<string, readonly (typeof METHODS)[number][]>> = {
  ContentArgs: { types: ['GET'], templates: ['GET'], themes: ['GET'], themeGlobalStyles: ['GET'], blockPatterns: ['GET'], blockPatternCategories: ['GET'], term: ['POST', 'DELETE'] },
};
const OTHER_SITES_ARGS = 'Record<string, unknown>';

function literal(value: unknown): string {
  return JSON.stringify(value);
}

function parenthesised(type: string): string {
  return /[|&]/.test(type) ? `(${type})` : type;
}

function union(types: readonly string[]): string {
  return [...new Set(types)].join(' | ');
}

const SCALARS: Record<string, string> = { integer: 'number', number: 'number', string: 'string', boolean: 'boolean', null: 'null' };

/** What a client may send for one argument, by its descriptor (the same reading as the server's `ArgValue`). */
function inputType(schema: ArgSchema, indent: string): string {
  if (schema.textInput) return 'string | { raw: string }';
  if (schema.oneOf) return union(schema.oneOf.map((option) => inputType(option, indent)));
  if (schema.enum) return union(schema.enum.map(literal));
  const types = [schema.type ?? []].flat();
  if (types.length === 0) return 'unknown';
  return union(types.map((type) => {
    // A list, or one item alone (the server takes it as a list of one).
    if (type === 'array') return listInput(schema.items ? inputType(schema.items, indent) : 'unknown');
    if (type === 'object') return objectInput(schema, indent);
    return SCALARS[type] ?? 'unknown';
  }));
}

function listInput(item: string): string {
  return /^\{/.test(item) ? `readonly ${parenthesised(item)}[]` : `${item} | readonly ${parenthesised(item)}[]`;
}

/** An object argument: its declared properties, and others unless it forbids them. */
function objectInput(schema: ArgSchema, indent: string): string {
  const extra = schema.additionalProperties;
  const others = extra === false ? null : `Record<string, ${typeof extra === 'object' ? inputType(extra, indent) : 'unknown'}>`;
  const names = Object.keys(schema.properties ?? {});
  if (names.length === 0) return others ?? 'Record<string, never>';
  const known = argsObject(schema.properties ?? {}, indent);
  return others ? `${known} & ${others}` : known;
}

/** One descriptor for an argument declared differently by variants (posts and pages, deployment A and B): what any of them takes. */
function merged(variants: readonly ArgSchema[]): ArgSchema {
  const [first] = variants;
  if (variants.every((schema) => JSON.stringify(schema) === JSON.stringify(first))) return first;
  if (variants.every((schema) => schema.enum)) return { ...first, enum: [...new Set(variants.flatMap((schema) => schema.enum ?? []))] };
  if (variants.every((schema) => schema.items)) return { ...first, items: merged(variants.map((schema) => schema.items!)) };
  if (variants.every((schema) => schema.properties)) return { ...first, properties: mergedArgs(variants.map((schema) => schema.properties!)) };
  return { oneOf: [...variants] };
}

/** Arguments over variants: each one any of them declares, required only where every one requires it. */
function mergedArgs(variants: readonly ArgSchemas[]): ArgSchemas {
  const names = [...new Set(variants.flatMap((args) => Object.keys(args)))];
  return Object.fromEntries(names.map((name) => {
    const present = variants.map((args) => args[name]).filter((schema) => schema !== undefined);
    const required = present.length === variants.length && present.every((schema) => schema.required);
    return [name, { ...merged(present), required }];
  }));
}

/** An object type of arguments, each optional unless required. */
function argsObject(args: ArgSchemas, indent: string): string {
  const names = Object.keys(args);
  if (names.length === 0) return 'Record<string, never>';
  const lines = names.flatMap((name) => {
    const schema = args[name];
    const comment = schema.description ? [`${indent}  /** ${schema.description.replace(/\*\//g, '*\\/')} */`] : [];
    return [...comment, `${indent}  ${/^\w+$/.test(name) ? name : literal(name)}${schema.required ? '' : '?'}: ${inputType(schema, `${indent}  `)};`];
  });
  return `{\n${lines.join('\n')}\n${indent}}`;
}

/** The declared arguments of `method` at `routePath` in one site, those the pattern captures aside; null when it has no such endpoint. */
function endpointArgs(router: Router, method: string, routePath: string): ArgSchemas | null {
  const match = router.match(method, routePath);
  if (!match?.endpoint) return null;
  const captured = new Set(Object.keys(match.urlParams));
  return Object.fromEntries(Object.entries(match.endpoint.args).filter(([name]) => !captured.has(name)));
}

/** What one method of a builder takes: its merged declaration, or `elsewhere` when only other sites serve it. */
export type MethodArgs = { method: (typeof METHODS)[number]; args: ArgSchemas | 'elsewhere' };
/** A builder of the table with its methods; `calls` are the sample calls its routes were found by. */
export interface BuilderArgs {
  group: string;
  name: string;
  calls: readonly (readonly (string | number)[])[];
  methods: MethodArgs[];
}

/** One builder's methods and their arguments, over every site and sample call. */
function builderArgs(group: string, name: string, builder: Builder, routers: readonly Router[]): BuilderArgs {
  const calls = SAMPLE_CALLS[group]?.[name] ?? [[]];
  if (builder.length > 0 && !SAMPLE_CALLS[group]?.[name]) throw new Error(`${group}.${name} takes parameters: give it sample calls in SAMPLE_CALLS.`);
  const paths = calls.map((call) => rooted((builder as (...args: readonly (string | number)[]) => string)(...call)));
  const elsewhere = SERVED_ELSEWHERE[group]?.[name] ?? [];
  const methods = METHODS.flatMap((method): MethodArgs[] => {
    const variants = routers.flatMap((router) => paths.map((routePath) => endpointArgs(router, method, routePath))).filter((args) => args !== null);
    if (elsewhere.includes(method)) {
      if (variants.length > 0) throw new Error(`${method} ${paths.join(', ')} is served here: take it out of SERVED_ELSEWHERE.`);
      return [{ method, args: 'elsewhere' }];
    }
    return variants.length === 0 ? [] : [{ method, args: mergedArgs(variants) }];
  });
  if (methods.length === 0) throw new Error(`${group}.${name} (${paths.join(', ')}) names no route the site serves: list its methods in SERVED_ELSEWHERE if only other sites serve them.`);
  return { group, name, calls, methods };
}

/** The routers of the desktop app's host in every deployment, for as long as `read` runs. */
async function withRouters<T>(read: (routers: Router[]) => T): Promise<T> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'site-args-'));
  const hosts = [];
  try {
    for (const deployment of Object.keys(DEPLOYMENTS) as (keyof typeof DEPLOYMENTS)[]) {
      const dataDir = path.join(scratch, deployment);
      hosts.push(await startAppHost({ dataDir, rendererDir: scratch, deployment, port: 0 }));
    }
    return read(hosts.map((host) => host.running.site.router));
  } finally {
    for (const host of hosts) await host.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

/** Every builder of the table with what each of its methods takes, read from the sites' routes. */
export function routeArgs(): Promise<BuilderArgs[]> {
  return withRouters((routers) => Object.entries(TABLES).flatMap(([group, table]) => buildersOf(table).map(([name, builder]) => builderArgs(group, name, builder, routers))));
}

function methodType({ method, args }: MethodArgs): string {
  if (args === 'elsewhere') return `    /** Served by other sites only. */\n    ${method}: ${OTHER_SITES_ARGS};`;
  return `    ${method}: ${argsObject(args, '    ')};`;
}

/** The generated file's text. */
export function siteArgsSource(builders: readonly BuilderArgs[]): string {
  const groups = Object.keys(TABLES).map((group) => {
    const entries = builders.filter((builder) => builder.group === group).map((builder) => `  ${builder.name}: {\n${builder.methods.map(methodType).join('\n')}\n  };`);
    return `export interface ${group} {\n${entries.join('\n')}\n}\n`;
  });
  return [
    '// Generated by build/generate-site-types.ts from the server\'s argument declarations (both',
    '// deployments and the desktop app\'s namespace): do not edit. For each builder of the route',
    '// table and each method, what the route takes (its pattern\'s captures aside), as a client',
    '// sends it. `npx tsx build/generate-site-types.ts` writes it again; tests/unit/rules-contract-types.test.ts',
    '// fails when this file and the declarations disagree.',
    '',
    ...groups,
  ].join('\n');
}
