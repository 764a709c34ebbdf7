// Builds the routes of the settings half of seo/v1 from their paths. The namespace name comes
// from the route table (routes.ts imports the settings files, so not from there: the import
// rules refuse cycles).
import type { Endpoint, Route } from '../../../rest/types.ts';
import type { Store } from '../../../store/db.ts';
import { NAMESPACES } from '../../../../shared/api-routes.ts';

const NAMESPACE = NAMESPACES.seo;

export function seoRoute(path: string, ...endpoints: Endpoint[]): Route {
  return { namespace: NAMESPACE, pattern: `/${NAMESPACE}${path}`, endpoints };
}

/**
 * A connector's writes after its service answered, in one transaction that a request id is
 * recorded with, its answer with them: sent again after that answer was lost, the request is
 * answered as made (server/resent-writes.ts). Answers `answer`.
 */
export function writtenWithAnswer<T>(store: Store, answer: T, write: () => void): T {
  return store.answeringTransaction(() => {
    write();
    return answer;
  });
}
