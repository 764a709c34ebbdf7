// Builds the routes of the settings half of seo/v1 from their paths. routes.ts imports the
// settings files, so the namespace name is written here rather than imported from it (the
// import rules refuse cycles).
import type { Endpoint, Route } from '../../../rest/types.ts';

const NAMESPACE = 'seo/v1';

export function seoRoute(path: string, ...endpoints: Endpoint[]): Route {
  return { namespace: NAMESPACE, pattern: `/${NAMESPACE}${path}`, endpoints };
}
