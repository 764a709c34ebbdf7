// The index document (`GET {api_root}/`) and the namespace indexes, generated from the
// route table so that what is listed is exactly what answers.
import { allowAnyone } from './permissions.ts';
import type { ArgSchema, Route } from './types.ts';
import type { Router } from './router.ts';
import { respond } from './response.ts';
import type { SiteDescription } from '../../shared/site-types.ts';

/** Index descriptors carry the schema keywords only, and always say whether they are required. */
function publishArg(schema: ArgSchema, topLevel: boolean): Record<string, unknown> {
  const { textInput: _text, required, items, properties, oneOf, additionalProperties, ...rest } = schema;
  const result: Record<string, unknown> = { ...rest };
  if (items) result.items = publishArg(items, false);
  if (properties) result.properties = Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, publishArg(value, false)]));
  if (oneOf) result.oneOf = oneOf.map((option) => publishArg(option, false));
  if (additionalProperties !== undefined) {
    result.additionalProperties = typeof additionalProperties === 'object' ? publishArg(additionalProperties, false) : additionalProperties;
  }
  if (topLevel) result.required = required === true;
  else if (required !== undefined) result.required = required;
  return result;
}

/** A resource's schema as OPTIONS answers it: a JSON Schema document of its fields. */
export function schemaDocument(title: string, properties: Record<string, ArgSchema>): Record<string, unknown> {
  return {
    $schema: 'http://json-schema.org/draft-04/schema#',
    title,
    type: 'object',
    properties: Object.fromEntries(Object.entries(properties).map(([name, schema]) => [name, publishArg(schema, false)])),
  };
}

function hasVariable(pattern: string): boolean {
  return pattern.includes('(');
}

export function describeRoute(route: Route, apiRoot: string): Record<string, unknown> {
  const entry: Record<string, unknown> = {
    namespace: route.namespace,
    methods: route.endpoints.flatMap((endpoint) => endpoint.methods),
    endpoints: route.endpoints.map((endpoint) => {
      const args = Object.entries(endpoint.args);
      const described: Record<string, unknown> = {
        methods: endpoint.methods,
        args: args.length === 0 ? [] : Object.fromEntries(args.map(([name, schema]) => [name, publishArg(schema, true)])),
      };
      if (endpoint.allowBatch) described.allow_batch = { v1: true };
      return described;
    }),
  };
  if (!hasVariable(route.pattern)) entry._links = { self: [{ href: apiRoot + route.pattern.replace(/^\//, '') }] };
  return entry;
}

export function describeRoutes(router: Router, apiRoot: string, namespace?: string): Record<string, unknown> {
  const routes: Record<string, unknown> = {};
  for (const route of router.routes()) {
    if (route.showInIndex === false) continue;
    if (namespace !== undefined && route.namespace !== namespace) continue;
    routes[route.pattern] = describeRoute(route, apiRoot);
  }
  return routes;
}

export function indexRoute(router: Router, site: () => SiteDescription & { namespaces: readonly string[]; authUrl: string; apiRoot: string }): Route {
  return {
    namespace: '',
    pattern: '/',
    endpoints: [{
      methods: ['GET'],
      args: { context: { default: 'view' } },
      permission: allowAnyone,
      handler: () => {
        const { namespaces, authUrl, apiRoot, ...description } = site();
        return respond({
          ...description,
          namespaces,
          authentication: { 'application-passwords': { endpoints: { authorization: authUrl } } },
          routes: describeRoutes(router, apiRoot),
        });
      },
    }],
  };
}

export function namespaceIndexRoute(router: Router, namespace: string, apiRoot: string): Route {
  return {
    namespace,
    pattern: `/${namespace}`,
    endpoints: [{
      methods: ['GET'],
      args: { namespace: { default: namespace }, context: { default: 'view' } },
      permission: allowAnyone,
      handler: () => ({
        namespace,
        routes: describeRoutes(router, apiRoot, namespace),
        _links: { up: [{ href: apiRoot }] },
      }),
    }],
  };
}
