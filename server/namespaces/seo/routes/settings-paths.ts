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
 * The routes with each write endpoint's handler made in one write transaction: all its writes
 * land or none, and a request id is recorded with them (server/resent-writes.ts joins a
 * request's first transaction; a write outside one commits unrecorded on SQLite, and on
 * PostgreSQL takes the record without the writes after it), its answer told to the record with
 * them. For handlers that answer at once: one that awaits writes in its own (writtenWithAnswer).
 */
export function writesInOneTransaction(store: Store, routes: Route[]): Route[] {
  return routes.map((route) => ({
    ...route,
    endpoints: route.endpoints.map((endpoint): Endpoint => (endpoint.methods.every((method) => method === 'GET') ? endpoint : {
      ...endpoint,
      handler: (ctx) => store.writeTransaction(() => {
        const result = endpoint.handler(ctx);
        // Its writes after an await would commit outside the transaction, unrecorded: refused (rolled back) at once.
        if (result instanceof Promise) throw new Error(`${route.pattern}: a handler that awaits writes in transactions of its own.`);
        store.answerRecorder?.(result);
        return result;
      }),
    })),
  }));
}

/**
 * A connector's writes after its service answered, in one transaction that a request id is
 * recorded with, its answer with them: sent again after that answer was lost, the request is
 * answered as made (server/resent-writes.ts). Answers `answer`.
 */
export function writtenWithAnswer<T>(store: Store, answer: T, write: () => void): T {
  store.writeTransaction(() => {
    write();
    store.answerRecorder?.(answer);
  });
  return answer;
}
