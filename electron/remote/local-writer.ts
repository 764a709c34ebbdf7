// Writes into the local copy go through the local site's own routes (dispatch, in process),
// so its rules of statuses, dates, slugs, terms, rendering and media apply as to any write.
import type { Site } from '../../server/site.ts';
import type { RequestUser, RestRequest } from '../../server/rest/types.ts';
import { getUserByLogin } from '../../server/store/users.ts';
import type { ErrorBody } from '../../shared/site-types.ts';
import { rooted } from '../../shared/api-routes.ts';

/** The local site refused a write (the remote item breaks one of its rules). */
export class LocalWriteError extends Error {}

/** The local copy's administrator writes what the remote's users wrote; their remote ids stay in the mapping. */
const WRITER_LOGIN = 'admin';

export type LocalCall = Partial<Pick<RestRequest, 'body' | 'query' | 'headers' | 'rawBody'>>;

export class LocalWriter {
  private readonly user: RequestUser;

  constructor(private readonly site: Site) {
    const admin = getUserByLogin(site.context.store, WRITER_LOGIN);
    if (!admin) throw new Error(`The local copy has no "${WRITER_LOGIN}" user to write with.`);
    this.user = { id: admin.id, login: admin.login, role: admin.role };
  }

  async call<T = { id: number }>(method: string, route: string, call: LocalCall = {}): Promise<T> {
    const response = await this.site.dispatch({ method, path: rooted(route), query: {}, body: {}, headers: {}, ...call, user: this.user });
    if (response.status >= 400) throw new LocalWriteError((response.body as ErrorBody).message);
    return response.body as T;
  }
}
