// The route registry: add routes as data, match a method and path to an endpoint.
import type { Endpoint, Route } from './types.ts';

interface CompiledRoute {
  route: Route;
  regex: RegExp;
  /** Literal prefix before the first pattern group, for a cheap pre-check. */
  prefix: string;
}

export interface RouteMatch {
  route: Route;
  endpoint: Endpoint;
  urlParams: Record<string, string>;
}

export type MatchResult = RouteMatch | { route: Route; endpoint: null; urlParams: Record<string, string> } | null;

/** `(?P<id>[\d]+)` is the published form; JavaScript spells named groups `(?<id>…)`. */
function compilePattern(pattern: string): RegExp {
  return new RegExp(`^${pattern.replace(/\(\?P</g, '(?<')}$`, 'i');
}

export class Router {
  private readonly compiled: CompiledRoute[] = [];

  add(route: Route): void {
    if (this.compiled.some((entry) => entry.route.pattern === route.pattern)) {
      throw new Error(`Route registered twice: ${route.pattern}`);
    }
    const literalEnd = route.pattern.search(/[([]/);
    const prefix = (literalEnd === -1 ? route.pattern : route.pattern.slice(0, literalEnd)).toLowerCase();
    this.compiled.push({ route, regex: compilePattern(route.pattern), prefix });
  }

  routes(): Route[] {
    return this.compiled.map((entry) => entry.route);
  }

  /** The endpoint for `method` on `path`; `{endpoint: null}` when the path exists but not the method. */
  match(method: string, path: string): MatchResult {
    const lowerPath = path.toLowerCase();
    let pathMatched: MatchResult = null;
    for (const entry of this.compiled) {
      if (!lowerPath.startsWith(entry.prefix)) continue;
      const found = entry.regex.exec(path);
      if (!found) continue;
      const endpoint = entry.route.endpoints.find((candidate) => candidate.methods.includes(method));
      // Assigned, not spread: the arguments built from it share one map (args.ts, sentArguments).
      if (endpoint) return { route: entry.route, endpoint, urlParams: Object.assign({}, found.groups) };
      pathMatched ??= { route: entry.route, endpoint: null, urlParams: Object.assign({}, found.groups) };
    }
    return pathMatched;
  }
}
