// Builds the routes of the settings half of seo/v1 from their paths. The namespace name comes
// from the route table (routes.ts imports the settings files, so not from there: the import
// rules refuse cycles).
import type { Endpoint, Route } from '../../../rest/types.ts';
import { NAMESPACES } from '../../../../shared/api-routes.ts';

const NAMESPACE = NAMESPACES.seo;

export function seoRoute(path: string, ...endpoints: Endpoint[]): Route {
  return { namespace: NAMESPACE, pattern: `/${NAMESPACE}${path}`, endpoints };
}
