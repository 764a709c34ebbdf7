// A request served in-process (the site's dispatch, no socket) as a test site's administrator: for
// tests that look at the objects the site makes for a request, or at the statements it sends.
import type { TestSite } from './test-site.ts';
import type { RestRequest, RestResponse } from '../../server/rest/types.ts';

export function dispatchAsAdministrator(site: TestSite, method: string, path: string, body: Record<string, unknown>): Promise<RestResponse> {
  const user = { id: site.users.administrator.id, login: site.users.administrator.login, role: 'administrator' } as RestRequest['user'];
  return site.running.site.dispatch({ method, path, query: {}, headers: {}, body, user });
}
