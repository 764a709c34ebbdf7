// Generated from the route table by tests/helpers/write-route-calls.ts (`npx tsx tests/helpers/write-route-calls.ts`): do not edit.
// Every wrong call carries @ts-expect-error, itself an error where the call compiles (tests/helpers/route-calls-probe.ts).
import { batchApi, contentRoutes, desktopApi, indexApi, oembedApi, type AnswerOf, type ArgsOf } from '../../shared/api-routes.ts';
import { subRequest, type SiteClient } from '../../shared/site-client.ts';
import type { BatchResult } from '../../shared/site-types.ts';

declare const client: SiteClient;
declare const loose: Record<string, unknown>;
declare function takes<T>(value: T): void;

export async function routeCalls(): Promise<void> {
  const tables = { ContentArgs: contentRoutes(), IndexArgs: indexApi, DesktopArgs: desktopApi, OembedArgs: oembedApi, BatchArgs: batchApi };
  // A plain string path is the untyped door: its caller names the answer.
  takes<number>(await client.get<number>('another/v1/route', { any: 'query' }));
  {
    const route = tables.ContentArgs.posts("posts");
    // GET ContentArgs.posts
    await client.get(route);
    // @ts-expect-error the wrong answer type
    takes<{ notTheAnswer: symbol }>(await client.get(route));
    // @ts-expect-error an answer type the caller names
    await client.get<{ notTheAnswer: symbol }>(route);
    // @ts-expect-error a loose record as the query
    await client.get(route, loose);
    // @ts-expect-error a query parameter of the wrong type
    await client.get(route, { "context": Symbol() });
    // POST ContentArgs.posts
    await client.post(route, {} as ArgsOf<typeof route, 'POST'>);
    // @ts-expect-error the wrong answer type
    takes<{ notTheAnswer: symbol }>(await client.post(route, {} as ArgsOf<typeof route, 'POST'>));
    // @ts-expect-error an answer type the caller names
    await client.post<{ notTheAnswer: symbol }>(route, {} as ArgsOf<typeof route, 'POST'>);
    takes<BatchResult<AnswerOf<typeof route, 'POST'>>[]>(await client.batch([subRequest('POST', route, {} as ArgsOf<typeof route, 'POST'>)]));
    // @ts-expect-error a batch answer other than the route's
    takes<BatchResult<{ notTheAnswer: symbol }>[]>(await client.batch([subRequest('POST', route, {} as ArgsOf<typeof route, 'POST'>)]));
    // @ts-expect-error a body argument of the wrong type
    await client.post(route, { ...({} as ArgsOf<typeof route, 'POST'>), "date": Symbol() });
    // @ts-expect-error a body argument of the wrong type, through request()
    await client.request('POST', route, { body: { ...({} as ArgsOf<typeof route, 'POST'>), "date": Symbol() } });
    // @ts-expect-error a sub-request's body argument of the wrong type
    subRequest('POST', route, { ...({} as ArgsOf<typeof route, 'POST'>), "date": Symbol() });
    // @ts-expect-error a query parameter of the wrong type
    await client.post(route, {} as ArgsOf<typeof route, 'POST'>, { "date": Symbol() });
  }
  {
    const route = tables.ContentArgs.post("posts", 1);
    // GET ContentArgs.post
    await client.get(route);
    // @ts-expect-error the wrong answer type
    takes<{ notTheAnswer: symbol }>(await client.get(route));
    // @ts-expect-error an answer type the caller names
    await client.get<{ notTheAnswer: symbol }>(route);
    // @ts-expect-error a loose record as the query
    await client.get(route, loose);
    // @ts-expect-error a query parameter of the wrong type
    await client.get(route, { "context": Symbol() });
    // POST ContentArgs.post
    await client.post(route, {} as ArgsOf<typeof route, 'POST'>);
    // @ts-expect-error the wrong answer type
    takes<{ notTheAnswer: symbol }>(await client.post(route, {} as ArgsOf<typeof route, 'POST'>));
    // @ts-expect-error an answer type the caller names
    await client.post<{ notTheAnswer: symbol }>(route, {} as ArgsOf<typeof route, 'POST'>);
    takes<BatchResult<AnswerOf<typeof route, 'POST'>>[]>(await client.batch([subRequest('POST', route, {} as ArgsOf<typeof route, 'POST'>)]));
    // @ts-expect-error a batch answer other than the route's
    takes<BatchResult<{ notTheAnswer: symbol }>[]>(await client.batch([subRequest('POST', route, {} as ArgsOf<typeof route, 'POST'>)]));
    // @ts-expect-error a body argument of the wrong type
    await client.post(route, { ...({} as ArgsOf<typeof route, 'POST'>), "date": Symbol() });
    // @ts-expect-error a body argument of the wrong type, through request()
    await client.request('POST', route, { body: { ...({} as ArgsOf<typeof route, 'POST'>), "date": Symbol() } });
    // @ts-expect-error a sub-request's body argument of the wrong type
    subRequest('POST', route, { ...({} as ArgsOf<typeof route, 'POST'>), "date": Symbol() });
    // @ts-expect-error a query parameter of the wrong type
    await client.post(route, {} as ArgsOf<typeof route, 'POST'>, { "date": Symbol() });
    // DELETE ContentArgs.post
    await client.delete(route);
    // @ts-expect-error the wrong answer type
    takes<{ notTheAnswer: symbol }>(await client.delete(route));
    // @ts-expect-error an answer type the caller names
    await client.delete<{ notTheAnswer: symbol }>(route);
    takes<BatchResult<AnswerOf<typeof route, 'DELETE'>>[]>(await client.batch([subRequest('DELETE', route)]));
    // @ts-expect-error a batch answer other than the route's
    takes<BatchResult<{ notTheAnswer: symbol }>[]>(await client.batch([subRequest('DELETE', route)]));
    // @ts-expect-error a loose record as the query
    await client.delete(route, loose);
    // @ts-expect-error a sub-request's query parameter of the wrong type
    subRequest('DELETE', route, { "force": Symbol() });
    // @ts-expect-error a query parameter of the wrong type
    await client.delete(route, { "force": Symbol() });
  }
  {
    const route = tables.ContentArgs.revisions("posts", 1);
    // GET ContentArgs.revisions
    await client.get(route);
    // @ts-expect-error the wrong answer type
    takes<{ notTheAnswer: symbol }>(await client.get(route));
    // @ts-expect-error an answer type the caller names
    await client.get<{ notTheAnswer: symbol }>(route);
    // @ts-expect-error a loose record as the query
    await client.get(route, loose);
    // @ts-expect-error a query parameter of the wrong type
    await client.get(route, { "context": Symbol() });
  }
  {
    const route = tables.ContentArgs.revision("posts", 1, 2);
    // GET ContentArgs.revision
    await client.get(route);
    // @ts-expect-error the wrong answer type
    takes<{ notTheAnswer: symbol }>(await client.get(route));
    // @ts-expect-error an answer type the caller names
    await client.get<{ notTheAnswer: symbol }>(route);
    // @ts-expect-error a loose record as the query
    await client.get(route, loose);
    // @ts-expect-error a query parameter of the wrong type
    await client.get(route, { "context": Symbol() });
    // DELETE ContentArgs.revision
    await client.delete(route);
    // @ts-expect-error the wrong answer type
    takes<{ notTheAnswer: symbol }>(await client.delete(route));
    // @ts-expect-error an answer type the caller names
    await client.delete<{ notTheAnswer: symbol }>(route);
    takes<BatchResult<AnswerOf<typeof route, 'DELETE'>>[]>(await client.batch([subRequest('DELETE', route)]));
    // @ts-expect-error a batch answer other than the route's
    takes<BatchResult<{ notTheAnswer: symbol }>[]>(await client.batch([subRequest('DELETE', route)]));
    // @ts-expect-error a loose record as the query
    await client.delete(route, loose);
    // @ts-expect-error a sub-request's query parameter of the wrong type
    subRequest('DELETE', route, { "force": Symbol() });
    // @ts-expect-error a query parameter of the wrong type
    await client.delete(route, { "force": Symbol() });
  }
  {
    const route = tables.ContentArgs.autosaves("posts", 1);
    // GET ContentArgs.autosaves
    await client.get(route);
    // @ts-expect-error the wrong answer type
    takes<{ notTheAnswer: symbol }>(await client.get(route));
    // @ts-expect-error an answer type the caller names
    await client.get<{ notTheAnswer: symbol }>(route);
    // @ts-expect-error a loose record as the query
    await client.get(route, loose);
    // @ts-expect-error a query parameter of the wrong type
    await client.get(route, { "parent": Symbol() });
    // POST ContentArgs.autosaves
    await client.post(route, {} as ArgsOf<typeof route, 'POST'>);
    // @ts-expect-error the wrong answer type
    takes<{ notTheAnswer: symbol }>(await client.post(route, {} as ArgsOf<typeof route, 'POST'>));
    // @ts-expect-error an answer type the caller names
    await client.post<{ notTheAnswer: symbol }>(route, {} as ArgsOf<typeof route, 'POST'>);
    takes<BatchResult<AnswerOf<typeof route, 'POST'>>[]>(await client.batch([subRequest('POST', route, {} as ArgsOf<typeof route, 'POST'>)]));
    // @ts-expect-error a batch answer other than the route's
    takes<BatchResult<{ notTheAnswer: symbol }>[]>(await client.batch([subRequest('POST', route, {} as ArgsOf<typeof route, 'POST'>)]));
    // @ts-expect-error a body argument of the wrong type
    await client.post(route, { ...({} as ArgsOf<typeof route, 'POST'>), "parent": Symbol() });
    // @ts-expect-error a body argument of the wrong type, through request()
    await client.request('POST', route, { body: { ...({} as ArgsOf<typeof route, 'POST'>), "parent": Symbol() } });
    // @ts-expect-error a sub-request's body argument of the wrong type
    subRequest('POST', route, { ...({} as ArgsOf<typeof route, 'POST'>), "parent": Symbol() });
    // @ts-expect-error a query parameter of the wrong type
    await client.post(route, {} as ArgsOf<typeof route, 'POST'>, { "parent": Symbol() });
  }
  {
    const route = tables.ContentArgs.autosave("posts", 1, 2);
    // GET ContentArgs.autosave
    await client.get(route);
    // @ts-expect-error the wrong answer type
    takes<{ notTheAnswer: symbol }>(await client.get(route));
    // @ts-expect-error an answer type the caller names
    await client.get<{ notTheAnswer: symbol }>(route);
    // @ts-expect-error a loose record as the query
    await client.get(route, loose);
    // @ts-expect-error a query parameter of the wrong type
    await client.get(route, { "context": Symbol() });
  }
  {
    const route = tables.ContentArgs.mediaList();
    // GET ContentArgs.mediaList
    await client.get(route);
    // @ts-expect-error the wrong answer type
    takes<{ notTheAnswer: symbol }>(await client.get(route));
    // @ts-expect-error an answer type the caller names
    await client.get<{ notTheAnswer: symbol }>(route);
    // @ts-expect-error a loose record as the query
    await client.get(route, loose);
    // @ts-expect-error a query parameter of the wrong type
    await client.get(route, { "context": Symbol() });
    // POST ContentArgs.mediaList
    await client.post(route, {} as ArgsOf<typeof route, 'POST'>);
    // @ts-expect-error the wrong answer type
    takes<{ notTheAnswer: symbol }>(await client.post(route, {} as ArgsOf<typeof route, 'POST'>));
    // @ts-expect-error an answer type the caller names
    await client.post<{ notTheAnswer: symbol }>(route, {} as ArgsOf<typeof route, 'POST'>);
    takes<BatchResult<AnswerOf<typeof route, 'POST'>>[]>(await client.batch([subRequest('POST', route, {} as ArgsOf<typeof route, 'POST'>)]));
    // @ts-expect-error a batch answer other than the route's
    takes<BatchResult<{ notTheAnswer: symbol }>[]>(await client.batch([subRequest('POST', route, {} as ArgsOf<typeof route, 'POST'>)]));
    // @ts-expect-error a body argument of the wrong type
    await client.post(route, { ...({} as ArgsOf<typeof route, 'POST'>), "date": Symbol() });
    // @ts-expect-error a body argument of the wrong type, through request()
    await client.request('POST', route, { body: { ...({} as ArgsOf<typeof route, 'POST'>), "date": Symbol() } });
    // @ts-expect-error a sub-request's body argument of the wrong type
    subRequest('POST', route, { ...({} as ArgsOf<typeof route, 'POST'>), "date": Symbol() });
    // @ts-expect-error a query parameter of the wrong type
    await client.post(route, {} as ArgsOf<typeof route, 'POST'>, { "date": Symbol() });
  }
  {
    const route = tables.ContentArgs.media(1);
    // GET ContentArgs.media
    await client.get(route);
    // @ts-expect-error the wrong answer type
    takes<{ notTheAnswer: symbol }>(await client.get(route));
    // @ts-expect-error an answer type the caller names
    await client.get<{ notTheAnswer: symbol }>(route);
    // @ts-expect-error a loose record as the query
    await client.get(route, loose);
    // @ts-expect-error a query parameter of the wrong type
    await client.get(route, { "context": Symbol() });
    // POST ContentArgs.media
    await client.post(route, {} as ArgsOf<typeof route, 'POST'>);
    // @ts-expect-error the wrong answer type
    takes<{ notTheAnswer: symbol }>(await client.post(route, {} as ArgsOf<typeof route, 'POST'>));
    // @ts-expect-error an answer type the caller names
    await client.post<{ notTheAnswer: symbol }>(route, {} as ArgsOf<typeof route, 'POST'>);
    takes<BatchResult<AnswerOf<typeof route, 'POST'>>[]>(await client.batch([subRequest('POST', route, {} as ArgsOf<typeof route, 'POST'>)]));
    // @ts-expect-error a batch answer other than the route's
    takes<BatchResult<{ notTheAnswer: symbol }>[]>(await client.batch([subRequest('POST', route, {} as ArgsOf<typeof route, 'POST'>)]));
    // @ts-expect-error a body argument of the wrong type
    await client.post(route, { ...({} as ArgsOf<typeof route, 'POST'>), "date": Symbol() });
    // @ts-expect-error a body argument of the wrong type, through request()
    await client.request('POST', route, { body: { ...({} as ArgsOf<typeof route, 'POST'>), "date": Symbol() } });
    // @ts-expect-error a sub-request's body argument of the wrong type
    subRequest('POST', route, { ...({} as ArgsOf<typeof route, 'POST'>), "date": Symbol() });
    // @ts-expect-error a query parameter of the wrong type
    await client.post(route, {} as ArgsOf<typeof route, 'POST'>, { "date": Symbol() });
    // DELETE ContentArgs.media
    await client.delete(route);
    // @ts-expect-error the wrong answer type
    takes<{ notTheAnswer: symbol }>(await client.delete(route));
    // @ts-expect-error an answer type the caller names
    await client.delete<{ notTheAnswer: symbol }>(route);
    takes<BatchResult<AnswerOf<typeof route, 'DELETE'>>[]>(await client.batch([subRequest('DELETE', route)]));
    // @ts-expect-error a batch answer other than the route's
    takes<BatchResult<{ notTheAnswer: symbol }>[]>(await client.batch([subRequest('DELETE', route)]));
    // @ts-expect-error a loose record as the query
    await client.delete(route, loose);
    // @ts-expect-error a sub-request's query parameter of the wrong type
    subRequest('DELETE', route, { "force": Symbol() });
    // @ts-expect-error a query parameter of the wrong type
    await client.delete(route, { "force": Symbol() });
  }
  {
    const route = tables.ContentArgs.mediaPostProcess(1);
    // POST ContentArgs.mediaPostProcess
    await client.post(route, {} as ArgsOf<typeof route, 'POST'>);
    // @ts-expect-error the wrong answer type
    takes<{ notTheAnswer: symbol }>(await client.post(route, {} as ArgsOf<typeof route, 'POST'>));
    // @ts-expect-error an answer type the caller names
    await client.post<{ notTheAnswer: symbol }>(route, {} as ArgsOf<typeof route, 'POST'>);
    takes<BatchResult<AnswerOf<typeof route, 'POST'>>[]>(await client.batch([subRequest('POST', route, {} as ArgsOf<typeof route, 'POST'>)]));
    // @ts-expect-error a batch answer other than the route's
    takes<BatchResult<{ notTheAnswer: symbol }>[]>(await client.batch([subRequest('POST', route, {} as ArgsOf<typeof route, 'POST'>)]));
    // @ts-expect-error a body argument of the wrong type
    await client.post(route, { ...({} as ArgsOf<typeof route, 'POST'>), "action": Symbol() });
    // @ts-expect-error a body argument of the wrong type, through request()
    await client.request('POST', route, { body: { ...({} as ArgsOf<typeof route, 'POST'>), "action": Symbol() } });
    // @ts-expect-error a sub-request's body argument of the wrong type
    subRequest('POST', route, { ...({} as ArgsOf<typeof route, 'POST'>), "action": Symbol() });
    // @ts-expect-error a query parameter of the wrong type
    await client.post(route, {} as ArgsOf<typeof route, 'POST'>, { "action": Symbol() });
  }
  {
    const route = tables.ContentArgs.mediaEdit(1);
    // POST ContentArgs.mediaEdit
    await client.post(route, {} as ArgsOf<typeof route, 'POST'>);
    // @ts-expect-error the wrong answer type
    takes<{ notTheAnswer: symbol }>(await client.post(route, {} as ArgsOf<typeof route, 'POST'>));
    // @ts-expect-error an answer type the caller names
    await client.post<{ notTheAnswer: symbol }>(route, {} as ArgsOf<typeof route, 'POST'>);
    takes<BatchResult<AnswerOf<typeof route, 'POST'>>[]>(await client.batch([subRequest('POST', route, {} as ArgsOf<typeof route, 'POST'>)]));
    // @ts-expect-error a batch answer other than the route's
    takes<BatchResult<{ notTheAnswer: symbol }>[]>(await client.batch([subRequest('POST', route, {} as ArgsOf<typeof route, 'POST'>)]));
    // @ts-expect-error a body argument of the wrong type
    await client.post(route, { ...({} as ArgsOf<typeof route, 'POST'>), "rotation": Symbol() });
    // @ts-expect-error a body argument of the wrong type, through request()
    await client.request('POST', route, { body: { ...({} as ArgsOf<typeof route, 'POST'>), "rotation": Symbol() } });
    // @ts-expect-error a sub-request's body argument of the wrong type
    subRequest('POST', route, { ...({} as ArgsOf<typeof route, 'POST'>), "rotation": Symbol() });
    // @ts-expect-error a query parameter of the wrong type
    await client.post(route, {} as ArgsOf<typeof route, 'POST'>, { "rotation": Symbol() });
  }
  {
    const route = tables.ContentArgs.terms("categories");
    // GET ContentArgs.terms
    await client.get(route);
    // @ts-expect-error the wrong answer type
    takes<{ notTheAnswer: symbol }>(await client.get(route));
    // @ts-expect-error an answer type the caller names
    await client.get<{ notTheAnswer: symbol }>(route);
    // @ts-expect-error a loose record as the query
    await client.get(route, loose);
    // @ts-expect-error a query parameter of the wrong type
    await client.get(route, { "context": Symbol() });
    // POST ContentArgs.terms
    await client.post(route, {} as ArgsOf<typeof route, 'POST'>);
    // @ts-expect-error the wrong answer type
    takes<{ notTheAnswer: symbol }>(await client.post(route, {} as ArgsOf<typeof route, 'POST'>));
    // @ts-expect-error an answer type the caller names
    await client.post<{ notTheAnswer: symbol }>(route, {} as ArgsOf<typeof route, 'POST'>);
    takes<BatchResult<AnswerOf<typeof route, 'POST'>>[]>(await client.batch([subRequest('POST', route, {} as ArgsOf<typeof route, 'POST'>)]));
    // @ts-expect-error a batch answer other than the route's
    takes<BatchResult<{ notTheAnswer: symbol }>[]>(await client.batch([subRequest('POST', route, {} as ArgsOf<typeof route, 'POST'>)]));
    // @ts-expect-error a body argument of the wrong type
    await client.post(route, { ...({} as ArgsOf<typeof route, 'POST'>), "name": Symbol() });
    // @ts-expect-error a body argument of the wrong type, through request()
    await client.request('POST', route, { body: { ...({} as ArgsOf<typeof route, 'POST'>), "name": Symbol() } });
    // @ts-expect-error a sub-request's body argument of the wrong type
    subRequest('POST', route, { ...({} as ArgsOf<typeof route, 'POST'>), "name": Symbol() });
    // @ts-expect-error a query parameter of the wrong type
    await client.post(route, {} as ArgsOf<typeof route, 'POST'>, { "name": Symbol() });
  }
  {
    const route = tables.ContentArgs.term("categories", 1);
    // GET ContentArgs.term
    await client.get(route);
    // @ts-expect-error the wrong answer type
    takes<{ notTheAnswer: symbol }>(await client.get(route));
    // @ts-expect-error an answer type the caller names
    await client.get<{ notTheAnswer: symbol }>(route);
    // @ts-expect-error a loose record as the query
    await client.get(route, loose);
    // @ts-expect-error a query parameter of the wrong type
    await client.get(route, { "context": Symbol() });
    // POST ContentArgs.term
    await client.post(route, {} as ArgsOf<typeof route, 'POST'>);
    // @ts-expect-error the wrong answer type
    takes<{ notTheAnswer: symbol }>(await client.post(route, {} as ArgsOf<typeof route, 'POST'>));
    // @ts-expect-error an answer type the caller names
    await client.post<{ notTheAnswer: symbol }>(route, {} as ArgsOf<typeof route, 'POST'>);
    takes<BatchResult<AnswerOf<typeof route, 'POST'>>[]>(await client.batch([subRequest('POST', route, {} as ArgsOf<typeof route, 'POST'>)]));
    // @ts-expect-error a batch answer other than the route's
    takes<BatchResult<{ notTheAnswer: symbol }>[]>(await client.batch([subRequest('POST', route, {} as ArgsOf<typeof route, 'POST'>)]));
    // DELETE ContentArgs.term
    await client.delete(route);
    // @ts-expect-error the wrong answer type
    takes<{ notTheAnswer: symbol }>(await client.delete(route));
    // @ts-expect-error an answer type the caller names
    await client.delete<{ notTheAnswer: symbol }>(route);
    takes<BatchResult<AnswerOf<typeof route, 'DELETE'>>[]>(await client.batch([subRequest('DELETE', route)]));
    // @ts-expect-error a batch answer other than the route's
    takes<BatchResult<{ notTheAnswer: symbol }>[]>(await client.batch([subRequest('DELETE', route)]));
  }
  {
    const route = tables.ContentArgs.users();
    // GET ContentArgs.users
    await client.get(route);
    // @ts-expect-error the wrong answer type
    takes<{ notTheAnswer: symbol }>(await client.get(route));
    // @ts-expect-error an answer type the caller names
    await client.get<{ notTheAnswer: symbol }>(route);
    // @ts-expect-error a loose record as the query
    await client.get(route, loose);
    // @ts-expect-error a query parameter of the wrong type
    await client.get(route, { "context": Symbol() });
  }
  {
    const route = tables.ContentArgs.user(1);
    // GET ContentArgs.user
    await client.get(route);
    // @ts-expect-error the wrong answer type
    takes<{ notTheAnswer: symbol }>(await client.get(route));
    // @ts-expect-error an answer type the caller names
    await client.get<{ notTheAnswer: symbol }>(route);
    // @ts-expect-error a loose record as the query
    await client.get(route, loose);
    // @ts-expect-error a query parameter of the wrong type
    await client.get(route, { "context": Symbol() });
  }
  {
    const route = tables.ContentArgs.me();
    // GET ContentArgs.me
    await client.get(route);
    // @ts-expect-error the wrong answer type
    takes<{ notTheAnswer: symbol }>(await client.get(route));
    // @ts-expect-error an answer type the caller names
    await client.get<{ notTheAnswer: symbol }>(route);
    // @ts-expect-error a loose record as the query
    await client.get(route, loose);
    // @ts-expect-error a query parameter of the wrong type
    await client.get(route, { "context": Symbol() });
  }
  {
    const route = tables.ContentArgs.types();
    // GET ContentArgs.types
    await client.get(route);
    // @ts-expect-error the wrong answer type
    takes<{ notTheAnswer: symbol }>(await client.get(route));
    // @ts-expect-error an answer type the caller names
    await client.get<{ notTheAnswer: symbol }>(route);
  }
  {
    const route = tables.ContentArgs.templates();
    // GET ContentArgs.templates
    await client.get(route);
    // @ts-expect-error the wrong answer type
    takes<{ notTheAnswer: symbol }>(await client.get(route));
    // @ts-expect-error an answer type the caller names
    await client.get<{ notTheAnswer: symbol }>(route);
  }
  {
    const route = tables.ContentArgs.themes();
    // GET ContentArgs.themes
    await client.get(route);
    // @ts-expect-error the wrong answer type
    takes<{ notTheAnswer: symbol }>(await client.get(route));
    // @ts-expect-error an answer type the caller names
    await client.get<{ notTheAnswer: symbol }>(route);
  }
  {
    const route = tables.ContentArgs.themeGlobalStyles("twentytwentythree");
    // GET ContentArgs.themeGlobalStyles
    await client.get(route);
    // @ts-expect-error the wrong answer type
    takes<{ notTheAnswer: symbol }>(await client.get(route));
    // @ts-expect-error an answer type the caller names
    await client.get<{ notTheAnswer: symbol }>(route);
  }
  {
    const route = tables.ContentArgs.blockPatterns();
    // GET ContentArgs.blockPatterns
    await client.get(route);
    // @ts-expect-error the wrong answer type
    takes<{ notTheAnswer: symbol }>(await client.get(route));
    // @ts-expect-error an answer type the caller names
    await client.get<{ notTheAnswer: symbol }>(route);
  }
  {
    const route = tables.ContentArgs.blockPatternCategories();
    // GET ContentArgs.blockPatternCategories
    await client.get(route);
    // @ts-expect-error the wrong answer type
    takes<{ notTheAnswer: symbol }>(await client.get(route));
    // @ts-expect-error an answer type the caller names
    await client.get<{ notTheAnswer: symbol }>(route);
  }
  {
    const route = tables.ContentArgs.settings();
    // GET ContentArgs.settings
    await client.get(route);
    // @ts-expect-error the wrong answer type
    takes<{ notTheAnswer: symbol }>(await client.get(route));
    // @ts-expect-error an answer type the caller names
    await client.get<{ notTheAnswer: symbol }>(route);
    // @ts-expect-error a loose record as the query
    await client.get(route, loose);
    // @ts-expect-error a query parameter of the wrong type
    await client.get(route, { notAnArgument: Symbol() });
    // POST ContentArgs.settings
    await client.post(route, {} as ArgsOf<typeof route, 'POST'>);
    // @ts-expect-error the wrong answer type
    takes<{ notTheAnswer: symbol }>(await client.post(route, {} as ArgsOf<typeof route, 'POST'>));
    // @ts-expect-error an answer type the caller names
    await client.post<{ notTheAnswer: symbol }>(route, {} as ArgsOf<typeof route, 'POST'>);
    takes<BatchResult<AnswerOf<typeof route, 'POST'>>[]>(await client.batch([subRequest('POST', route, {} as ArgsOf<typeof route, 'POST'>)]));
    // @ts-expect-error a batch answer other than the route's
    takes<BatchResult<{ notTheAnswer: symbol }>[]>(await client.batch([subRequest('POST', route, {} as ArgsOf<typeof route, 'POST'>)]));
    // @ts-expect-error a body argument of the wrong type
    await client.post(route, { ...({} as ArgsOf<typeof route, 'POST'>), "title": Symbol() });
    // @ts-expect-error a body argument of the wrong type, through request()
    await client.request('POST', route, { body: { ...({} as ArgsOf<typeof route, 'POST'>), "title": Symbol() } });
    // @ts-expect-error a sub-request's body argument of the wrong type
    subRequest('POST', route, { ...({} as ArgsOf<typeof route, 'POST'>), "title": Symbol() });
    // @ts-expect-error a query parameter of the wrong type
    await client.post(route, {} as ArgsOf<typeof route, 'POST'>, { "title": Symbol() });
  }
  {
    const route = tables.IndexArgs.index();
    // GET IndexArgs.index
    await client.get(route);
    // @ts-expect-error the wrong answer type
    takes<{ notTheAnswer: symbol }>(await client.get(route));
    // @ts-expect-error an answer type the caller names
    await client.get<{ notTheAnswer: symbol }>(route);
    // @ts-expect-error a loose record as the query
    await client.get(route, loose);
    // @ts-expect-error a query parameter of the wrong type
    await client.get(route, { notAnArgument: Symbol() });
  }
  {
    const route = tables.DesktopArgs.session();
    // POST DesktopArgs.session
    await client.post(route, {} as ArgsOf<typeof route, 'POST'>);
    // @ts-expect-error the wrong answer type
    takes<{ notTheAnswer: symbol }>(await client.post(route, {} as ArgsOf<typeof route, 'POST'>));
    // @ts-expect-error an answer type the caller names
    await client.post<{ notTheAnswer: symbol }>(route, {} as ArgsOf<typeof route, 'POST'>);
    takes<BatchResult<AnswerOf<typeof route, 'POST'>>[]>(await client.batch([subRequest('POST', route, {} as ArgsOf<typeof route, 'POST'>)]));
    // @ts-expect-error a batch answer other than the route's
    takes<BatchResult<{ notTheAnswer: symbol }>[]>(await client.batch([subRequest('POST', route, {} as ArgsOf<typeof route, 'POST'>)]));
    // @ts-expect-error a body argument of the wrong type
    await client.post(route, { ...({} as ArgsOf<typeof route, 'POST'>), "token": Symbol() });
    // @ts-expect-error a body argument of the wrong type, through request()
    await client.request('POST', route, { body: { ...({} as ArgsOf<typeof route, 'POST'>), "token": Symbol() } });
    // @ts-expect-error a sub-request's body argument of the wrong type
    subRequest('POST', route, { ...({} as ArgsOf<typeof route, 'POST'>), "token": Symbol() });
    // @ts-expect-error a query parameter of the wrong type
    await client.post(route, {} as ArgsOf<typeof route, 'POST'>, { "token": Symbol() });
  }
  {
    const route = tables.DesktopArgs.discover();
    // POST DesktopArgs.discover
    await client.post(route, {} as ArgsOf<typeof route, 'POST'>);
    // @ts-expect-error the wrong answer type
    takes<{ notTheAnswer: symbol }>(await client.post(route, {} as ArgsOf<typeof route, 'POST'>));
    // @ts-expect-error an answer type the caller names
    await client.post<{ notTheAnswer: symbol }>(route, {} as ArgsOf<typeof route, 'POST'>);
    takes<BatchResult<AnswerOf<typeof route, 'POST'>>[]>(await client.batch([subRequest('POST', route, {} as ArgsOf<typeof route, 'POST'>)]));
    // @ts-expect-error a batch answer other than the route's
    takes<BatchResult<{ notTheAnswer: symbol }>[]>(await client.batch([subRequest('POST', route, {} as ArgsOf<typeof route, 'POST'>)]));
    // @ts-expect-error a body argument of the wrong type
    await client.post(route, { ...({} as ArgsOf<typeof route, 'POST'>), "address": Symbol() });
    // @ts-expect-error a body argument of the wrong type, through request()
    await client.request('POST', route, { body: { ...({} as ArgsOf<typeof route, 'POST'>), "address": Symbol() } });
    // @ts-expect-error a sub-request's body argument of the wrong type
    subRequest('POST', route, { ...({} as ArgsOf<typeof route, 'POST'>), "address": Symbol() });
    // @ts-expect-error a query parameter of the wrong type
    await client.post(route, {} as ArgsOf<typeof route, 'POST'>, { "address": Symbol() });
  }
  {
    const route = tables.DesktopArgs.sites();
    // GET DesktopArgs.sites
    await client.get(route);
    // @ts-expect-error the wrong answer type
    takes<{ notTheAnswer: symbol }>(await client.get(route));
    // @ts-expect-error an answer type the caller names
    await client.get<{ notTheAnswer: symbol }>(route);
    // @ts-expect-error a loose record as the query
    await client.get(route, loose);
    // @ts-expect-error a query parameter of the wrong type
    await client.get(route, { notAnArgument: Symbol() });
    // POST DesktopArgs.sites
    await client.post(route, {} as ArgsOf<typeof route, 'POST'>);
    // @ts-expect-error the wrong answer type
    takes<{ notTheAnswer: symbol }>(await client.post(route, {} as ArgsOf<typeof route, 'POST'>));
    // @ts-expect-error an answer type the caller names
    await client.post<{ notTheAnswer: symbol }>(route, {} as ArgsOf<typeof route, 'POST'>);
    takes<BatchResult<AnswerOf<typeof route, 'POST'>>[]>(await client.batch([subRequest('POST', route, {} as ArgsOf<typeof route, 'POST'>)]));
    // @ts-expect-error a batch answer other than the route's
    takes<BatchResult<{ notTheAnswer: symbol }>[]>(await client.batch([subRequest('POST', route, {} as ArgsOf<typeof route, 'POST'>)]));
    // @ts-expect-error a body argument of the wrong type
    await client.post(route, { ...({} as ArgsOf<typeof route, 'POST'>), "address": Symbol() });
    // @ts-expect-error a body argument of the wrong type, through request()
    await client.request('POST', route, { body: { ...({} as ArgsOf<typeof route, 'POST'>), "address": Symbol() } });
    // @ts-expect-error a sub-request's body argument of the wrong type
    subRequest('POST', route, { ...({} as ArgsOf<typeof route, 'POST'>), "address": Symbol() });
    // @ts-expect-error a query parameter of the wrong type
    await client.post(route, {} as ArgsOf<typeof route, 'POST'>, { "address": Symbol() });
  }
  {
    const route = tables.DesktopArgs.site("site");
    // GET DesktopArgs.site
    await client.get(route);
    // @ts-expect-error the wrong answer type
    takes<{ notTheAnswer: symbol }>(await client.get(route));
    // @ts-expect-error an answer type the caller names
    await client.get<{ notTheAnswer: symbol }>(route);
    // @ts-expect-error a loose record as the query
    await client.get(route, loose);
    // @ts-expect-error a query parameter of the wrong type
    await client.get(route, { notAnArgument: Symbol() });
    // DELETE DesktopArgs.site
    await client.delete(route);
    // @ts-expect-error the wrong answer type
    takes<{ notTheAnswer: symbol }>(await client.delete(route));
    // @ts-expect-error an answer type the caller names
    await client.delete<{ notTheAnswer: symbol }>(route);
    takes<BatchResult<AnswerOf<typeof route, 'DELETE'>>[]>(await client.batch([subRequest('DELETE', route)]));
    // @ts-expect-error a batch answer other than the route's
    takes<BatchResult<{ notTheAnswer: symbol }>[]>(await client.batch([subRequest('DELETE', route)]));
    // @ts-expect-error a loose record as the query
    await client.delete(route, loose);
    // @ts-expect-error a sub-request's query parameter of the wrong type
    subRequest('DELETE', route, { notAnArgument: Symbol() });
    // @ts-expect-error a query parameter of the wrong type
    await client.delete(route, { notAnArgument: Symbol() });
  }
  {
    const route = tables.DesktopArgs.credentials("site");
    // POST DesktopArgs.credentials
    await client.post(route, {} as ArgsOf<typeof route, 'POST'>);
    // @ts-expect-error the wrong answer type
    takes<{ notTheAnswer: symbol }>(await client.post(route, {} as ArgsOf<typeof route, 'POST'>));
    // @ts-expect-error an answer type the caller names
    await client.post<{ notTheAnswer: symbol }>(route, {} as ArgsOf<typeof route, 'POST'>);
    takes<BatchResult<AnswerOf<typeof route, 'POST'>>[]>(await client.batch([subRequest('POST', route, {} as ArgsOf<typeof route, 'POST'>)]));
    // @ts-expect-error a batch answer other than the route's
    takes<BatchResult<{ notTheAnswer: symbol }>[]>(await client.batch([subRequest('POST', route, {} as ArgsOf<typeof route, 'POST'>)]));
    // @ts-expect-error a body argument of the wrong type
    await client.post(route, { ...({} as ArgsOf<typeof route, 'POST'>), "password": Symbol() });
    // @ts-expect-error a body argument of the wrong type, through request()
    await client.request('POST', route, { body: { ...({} as ArgsOf<typeof route, 'POST'>), "password": Symbol() } });
    // @ts-expect-error a sub-request's body argument of the wrong type
    subRequest('POST', route, { ...({} as ArgsOf<typeof route, 'POST'>), "password": Symbol() });
    // @ts-expect-error a query parameter of the wrong type
    await client.post(route, {} as ArgsOf<typeof route, 'POST'>, { "password": Symbol() });
  }
  {
    const route = tables.DesktopArgs.siteSettings("site");
    // GET DesktopArgs.siteSettings
    await client.get(route);
    // @ts-expect-error the wrong answer type
    takes<{ notTheAnswer: symbol }>(await client.get(route));
    // @ts-expect-error an answer type the caller names
    await client.get<{ notTheAnswer: symbol }>(route);
    // @ts-expect-error a loose record as the query
    await client.get(route, loose);
    // @ts-expect-error a query parameter of the wrong type
    await client.get(route, { notAnArgument: Symbol() });
    // POST DesktopArgs.siteSettings
    await client.post(route, {} as ArgsOf<typeof route, 'POST'>);
    // @ts-expect-error the wrong answer type
    takes<{ notTheAnswer: symbol }>(await client.post(route, {} as ArgsOf<typeof route, 'POST'>));
    // @ts-expect-error an answer type the caller names
    await client.post<{ notTheAnswer: symbol }>(route, {} as ArgsOf<typeof route, 'POST'>);
    takes<BatchResult<AnswerOf<typeof route, 'POST'>>[]>(await client.batch([subRequest('POST', route, {} as ArgsOf<typeof route, 'POST'>)]));
    // @ts-expect-error a batch answer other than the route's
    takes<BatchResult<{ notTheAnswer: symbol }>[]>(await client.batch([subRequest('POST', route, {} as ArgsOf<typeof route, 'POST'>)]));
    // @ts-expect-error a body argument of the wrong type
    await client.post(route, { ...({} as ArgsOf<typeof route, 'POST'>), "title": Symbol() });
    // @ts-expect-error a body argument of the wrong type, through request()
    await client.request('POST', route, { body: { ...({} as ArgsOf<typeof route, 'POST'>), "title": Symbol() } });
    // @ts-expect-error a sub-request's body argument of the wrong type
    subRequest('POST', route, { ...({} as ArgsOf<typeof route, 'POST'>), "title": Symbol() });
    // @ts-expect-error a query parameter of the wrong type
    await client.post(route, {} as ArgsOf<typeof route, 'POST'>, { "title": Symbol() });
  }
  {
    const route = tables.DesktopArgs.copySession("site");
    // POST DesktopArgs.copySession
    await client.post(route, {} as ArgsOf<typeof route, 'POST'>);
    // @ts-expect-error the wrong answer type
    takes<{ notTheAnswer: symbol }>(await client.post(route, {} as ArgsOf<typeof route, 'POST'>));
    // @ts-expect-error an answer type the caller names
    await client.post<{ notTheAnswer: symbol }>(route, {} as ArgsOf<typeof route, 'POST'>);
    takes<BatchResult<AnswerOf<typeof route, 'POST'>>[]>(await client.batch([subRequest('POST', route, {} as ArgsOf<typeof route, 'POST'>)]));
    // @ts-expect-error a batch answer other than the route's
    takes<BatchResult<{ notTheAnswer: symbol }>[]>(await client.batch([subRequest('POST', route, {} as ArgsOf<typeof route, 'POST'>)]));
    // @ts-expect-error a body argument of the wrong type
    await client.post(route, { notAnArgument: 1 });
    // @ts-expect-error a body argument of the wrong type, through request()
    await client.request('POST', route, { body: { notAnArgument: 1 } });
    // @ts-expect-error a sub-request's body argument of the wrong type
    subRequest('POST', route, { notAnArgument: 1 });
    // @ts-expect-error a query parameter of the wrong type
    await client.post(route, {} as ArgsOf<typeof route, 'POST'>, { notAnArgument: Symbol() });
  }
  {
    const route = tables.DesktopArgs.patternIds("site");
    // GET DesktopArgs.patternIds
    await client.get(route);
    // @ts-expect-error the wrong answer type
    takes<{ notTheAnswer: symbol }>(await client.get(route));
    // @ts-expect-error an answer type the caller names
    await client.get<{ notTheAnswer: symbol }>(route);
    // @ts-expect-error a loose record as the query
    await client.get(route, loose);
    // @ts-expect-error a query parameter of the wrong type
    await client.get(route, { notAnArgument: Symbol() });
  }
  {
    const route = tables.DesktopArgs.preview("site");
    // POST DesktopArgs.preview
    await client.post(route, {} as ArgsOf<typeof route, 'POST'>);
    // @ts-expect-error the wrong answer type
    takes<{ notTheAnswer: symbol }>(await client.post(route, {} as ArgsOf<typeof route, 'POST'>));
    // @ts-expect-error an answer type the caller names
    await client.post<{ notTheAnswer: symbol }>(route, {} as ArgsOf<typeof route, 'POST'>);
    takes<BatchResult<AnswerOf<typeof route, 'POST'>>[]>(await client.batch([subRequest('POST', route, {} as ArgsOf<typeof route, 'POST'>)]));
    // @ts-expect-error a batch answer other than the route's
    takes<BatchResult<{ notTheAnswer: symbol }>[]>(await client.batch([subRequest('POST', route, {} as ArgsOf<typeof route, 'POST'>)]));
    // @ts-expect-error a body argument of the wrong type
    await client.post(route, { ...({} as ArgsOf<typeof route, 'POST'>), "title": Symbol() });
    // @ts-expect-error a body argument of the wrong type, through request()
    await client.request('POST', route, { body: { ...({} as ArgsOf<typeof route, 'POST'>), "title": Symbol() } });
    // @ts-expect-error a sub-request's body argument of the wrong type
    subRequest('POST', route, { ...({} as ArgsOf<typeof route, 'POST'>), "title": Symbol() });
    // @ts-expect-error a query parameter of the wrong type
    await client.post(route, {} as ArgsOf<typeof route, 'POST'>, { "title": Symbol() });
  }
  {
    const route = tables.DesktopArgs.sync("site");
    // POST DesktopArgs.sync
    await client.post(route, {} as ArgsOf<typeof route, 'POST'>);
    // @ts-expect-error the wrong answer type
    takes<{ notTheAnswer: symbol }>(await client.post(route, {} as ArgsOf<typeof route, 'POST'>));
    // @ts-expect-error an answer type the caller names
    await client.post<{ notTheAnswer: symbol }>(route, {} as ArgsOf<typeof route, 'POST'>);
    takes<BatchResult<AnswerOf<typeof route, 'POST'>>[]>(await client.batch([subRequest('POST', route, {} as ArgsOf<typeof route, 'POST'>)]));
    // @ts-expect-error a batch answer other than the route's
    takes<BatchResult<{ notTheAnswer: symbol }>[]>(await client.batch([subRequest('POST', route, {} as ArgsOf<typeof route, 'POST'>)]));
    // @ts-expect-error a body argument of the wrong type
    await client.post(route, { notAnArgument: 1 });
    // @ts-expect-error a body argument of the wrong type, through request()
    await client.request('POST', route, { body: { notAnArgument: 1 } });
    // @ts-expect-error a sub-request's body argument of the wrong type
    subRequest('POST', route, { notAnArgument: 1 });
    // @ts-expect-error a query parameter of the wrong type
    await client.post(route, {} as ArgsOf<typeof route, 'POST'>, { notAnArgument: Symbol() });
    // DELETE DesktopArgs.sync
    await client.delete(route);
    // @ts-expect-error the wrong answer type
    takes<{ notTheAnswer: symbol }>(await client.delete(route));
    // @ts-expect-error an answer type the caller names
    await client.delete<{ notTheAnswer: symbol }>(route);
    takes<BatchResult<AnswerOf<typeof route, 'DELETE'>>[]>(await client.batch([subRequest('DELETE', route)]));
    // @ts-expect-error a batch answer other than the route's
    takes<BatchResult<{ notTheAnswer: symbol }>[]>(await client.batch([subRequest('DELETE', route)]));
    // @ts-expect-error a loose record as the query
    await client.delete(route, loose);
    // @ts-expect-error a sub-request's query parameter of the wrong type
    subRequest('DELETE', route, { notAnArgument: Symbol() });
    // @ts-expect-error a query parameter of the wrong type
    await client.delete(route, { notAnArgument: Symbol() });
  }
  {
    const route = tables.DesktopArgs.syncProgress("site");
    // GET DesktopArgs.syncProgress
    await client.get(route);
    // @ts-expect-error the wrong answer type
    takes<{ notTheAnswer: symbol }>(await client.get(route));
    // @ts-expect-error an answer type the caller names
    await client.get<{ notTheAnswer: symbol }>(route);
    // @ts-expect-error a loose record as the query
    await client.get(route, loose);
    // @ts-expect-error a query parameter of the wrong type
    await client.get(route, { notAnArgument: Symbol() });
  }
  {
    const route = tables.DesktopArgs.conflicts("site");
    // GET DesktopArgs.conflicts
    await client.get(route);
    // @ts-expect-error the wrong answer type
    takes<{ notTheAnswer: symbol }>(await client.get(route));
    // @ts-expect-error an answer type the caller names
    await client.get<{ notTheAnswer: symbol }>(route);
    // @ts-expect-error a loose record as the query
    await client.get(route, loose);
    // @ts-expect-error a query parameter of the wrong type
    await client.get(route, { notAnArgument: Symbol() });
  }
  {
    const route = tables.DesktopArgs.templates("site");
    // GET DesktopArgs.templates
    await client.get(route);
    // @ts-expect-error the wrong answer type
    takes<{ notTheAnswer: symbol }>(await client.get(route));
    // @ts-expect-error an answer type the caller names
    await client.get<{ notTheAnswer: symbol }>(route);
    // @ts-expect-error a loose record as the query
    await client.get(route, loose);
    // @ts-expect-error a query parameter of the wrong type
    await client.get(route, { "type": Symbol() });
  }
  {
    const route = tables.DesktopArgs.palette("site");
    // GET DesktopArgs.palette
    await client.get(route);
    // @ts-expect-error the wrong answer type
    takes<{ notTheAnswer: symbol }>(await client.get(route));
    // @ts-expect-error an answer type the caller names
    await client.get<{ notTheAnswer: symbol }>(route);
    // @ts-expect-error a loose record as the query
    await client.get(route, loose);
    // @ts-expect-error a query parameter of the wrong type
    await client.get(route, { notAnArgument: Symbol() });
  }
  {
    const route = tables.DesktopArgs.patterns("site");
    // GET DesktopArgs.patterns
    await client.get(route);
    // @ts-expect-error the wrong answer type
    takes<{ notTheAnswer: symbol }>(await client.get(route));
    // @ts-expect-error an answer type the caller names
    await client.get<{ notTheAnswer: symbol }>(route);
    // @ts-expect-error a loose record as the query
    await client.get(route, loose);
    // @ts-expect-error a query parameter of the wrong type
    await client.get(route, { notAnArgument: Symbol() });
  }
  {
    const route = tables.DesktopArgs.conflict("site", 1);
    // POST DesktopArgs.conflict
    await client.post(route, {} as ArgsOf<typeof route, 'POST'>);
    // @ts-expect-error the wrong answer type
    takes<{ notTheAnswer: symbol }>(await client.post(route, {} as ArgsOf<typeof route, 'POST'>));
    // @ts-expect-error an answer type the caller names
    await client.post<{ notTheAnswer: symbol }>(route, {} as ArgsOf<typeof route, 'POST'>);
    takes<BatchResult<AnswerOf<typeof route, 'POST'>>[]>(await client.batch([subRequest('POST', route, {} as ArgsOf<typeof route, 'POST'>)]));
    // @ts-expect-error a batch answer other than the route's
    takes<BatchResult<{ notTheAnswer: symbol }>[]>(await client.batch([subRequest('POST', route, {} as ArgsOf<typeof route, 'POST'>)]));
    // @ts-expect-error a body argument of the wrong type
    await client.post(route, { ...({} as ArgsOf<typeof route, 'POST'>), "choice": Symbol() });
    // @ts-expect-error a body argument of the wrong type, through request()
    await client.request('POST', route, { body: { ...({} as ArgsOf<typeof route, 'POST'>), "choice": Symbol() } });
    // @ts-expect-error a sub-request's body argument of the wrong type
    subRequest('POST', route, { ...({} as ArgsOf<typeof route, 'POST'>), "choice": Symbol() });
    // @ts-expect-error a query parameter of the wrong type
    await client.post(route, {} as ArgsOf<typeof route, 'POST'>, { "choice": Symbol() });
  }
  {
    const route = tables.DesktopArgs.grants();
    // POST DesktopArgs.grants
    await client.post(route, {} as ArgsOf<typeof route, 'POST'>);
    // @ts-expect-error the wrong answer type
    takes<{ notTheAnswer: symbol }>(await client.post(route, {} as ArgsOf<typeof route, 'POST'>));
    // @ts-expect-error an answer type the caller names
    await client.post<{ notTheAnswer: symbol }>(route, {} as ArgsOf<typeof route, 'POST'>);
    takes<BatchResult<AnswerOf<typeof route, 'POST'>>[]>(await client.batch([subRequest('POST', route, {} as ArgsOf<typeof route, 'POST'>)]));
    // @ts-expect-error a batch answer other than the route's
    takes<BatchResult<{ notTheAnswer: symbol }>[]>(await client.batch([subRequest('POST', route, {} as ArgsOf<typeof route, 'POST'>)]));
    // @ts-expect-error a body argument of the wrong type
    await client.post(route, { ...({} as ArgsOf<typeof route, 'POST'>), "address": Symbol() });
    // @ts-expect-error a body argument of the wrong type, through request()
    await client.request('POST', route, { body: { ...({} as ArgsOf<typeof route, 'POST'>), "address": Symbol() } });
    // @ts-expect-error a sub-request's body argument of the wrong type
    subRequest('POST', route, { ...({} as ArgsOf<typeof route, 'POST'>), "address": Symbol() });
    // @ts-expect-error a query parameter of the wrong type
    await client.post(route, {} as ArgsOf<typeof route, 'POST'>, { "address": Symbol() });
  }
  {
    const route = tables.DesktopArgs.grant("grant");
    // GET DesktopArgs.grant
    await client.get(route);
    // @ts-expect-error the wrong answer type
    takes<{ notTheAnswer: symbol }>(await client.get(route));
    // @ts-expect-error an answer type the caller names
    await client.get<{ notTheAnswer: symbol }>(route);
    // @ts-expect-error a loose record as the query
    await client.get(route, loose);
    // @ts-expect-error a query parameter of the wrong type
    await client.get(route, { notAnArgument: Symbol() });
  }
  {
    const route = tables.DesktopArgs.grantCallback("grant");
    // GET DesktopArgs.grantCallback
    await client.get(route);
    // @ts-expect-error the wrong answer type
    takes<{ notTheAnswer: symbol }>(await client.get(route));
    // @ts-expect-error an answer type the caller names
    await client.get<{ notTheAnswer: symbol }>(route);
    // @ts-expect-error a loose record as the query
    await client.get(route, loose);
    // @ts-expect-error a query parameter of the wrong type
    await client.get(route, { "site_url": Symbol() });
  }
  {
    const route = tables.OembedArgs.embed();
    // GET OembedArgs.embed
    await client.get(route);
    // @ts-expect-error the wrong answer type
    takes<{ notTheAnswer: symbol }>(await client.get(route));
    // @ts-expect-error an answer type the caller names
    await client.get<{ notTheAnswer: symbol }>(route);
    // @ts-expect-error a loose record as the query
    await client.get(route, loose);
    // @ts-expect-error a query parameter of the wrong type
    await client.get(route, { "url": Symbol() });
  }
  {
    const route = tables.OembedArgs.proxy();
    // GET OembedArgs.proxy
    await client.get(route);
    // @ts-expect-error the wrong answer type
    takes<{ notTheAnswer: symbol }>(await client.get(route));
    // @ts-expect-error an answer type the caller names
    await client.get<{ notTheAnswer: symbol }>(route);
    // @ts-expect-error a loose record as the query
    await client.get(route, loose);
    // @ts-expect-error a query parameter of the wrong type
    await client.get(route, { "url": Symbol() });
  }
  {
    const route = tables.BatchArgs.batch();
    // POST BatchArgs.batch
    await client.post(route, {} as ArgsOf<typeof route, 'POST'>);
    // @ts-expect-error the wrong answer type
    takes<{ notTheAnswer: symbol }>(await client.post(route, {} as ArgsOf<typeof route, 'POST'>));
    // @ts-expect-error an answer type the caller names
    await client.post<{ notTheAnswer: symbol }>(route, {} as ArgsOf<typeof route, 'POST'>);
    takes<BatchResult<AnswerOf<typeof route, 'POST'>>[]>(await client.batch([subRequest('POST', route, {} as ArgsOf<typeof route, 'POST'>)]));
    // @ts-expect-error a batch answer other than the route's
    takes<BatchResult<{ notTheAnswer: symbol }>[]>(await client.batch([subRequest('POST', route, {} as ArgsOf<typeof route, 'POST'>)]));
    // @ts-expect-error a body argument of the wrong type
    await client.post(route, { ...({} as ArgsOf<typeof route, 'POST'>), "validation": Symbol() });
    // @ts-expect-error a body argument of the wrong type, through request()
    await client.request('POST', route, { body: { ...({} as ArgsOf<typeof route, 'POST'>), "validation": Symbol() } });
    // @ts-expect-error a sub-request's body argument of the wrong type
    subRequest('POST', route, { ...({} as ArgsOf<typeof route, 'POST'>), "validation": Symbol() });
    // @ts-expect-error a query parameter of the wrong type
    await client.post(route, {} as ArgsOf<typeof route, 'POST'>, { "validation": Symbol() });
  }
}
