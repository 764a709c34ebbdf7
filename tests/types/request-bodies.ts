// A wrong body does not compile, on every route of the table that takes one: a loose record
// (`Record<string, unknown>`, which any all-optional arguments would otherwise take), an
// argument the route does not declare (in a variable, where no excess-property check helps),
// through post(), request() and a batch's sub-request, nor a loose record as the query; the
// route's own arguments compile, and so does a loose body to a plain string path (another
// site's route, which no declaration types). Checked by
// `tsc -p tsconfig.tools.json` (an unused @ts-expect-error is itself an error);
// tests/unit/rules-contract-types.test.ts checks that every table route with a body is here.
// (contentRoutes().term's POST is another site's, typed as any record: it is not here.)
import { api, batchApi, desktopApi, type ArgsOf } from '../../shared/api-routes.ts';
import { subRequest, type SiteClient } from '../../shared/site-client.ts';

declare const client: SiteClient;
declare const loose: Record<string, unknown>;

export async function wrongBodies(): Promise<void> {
  await client.post('another/v1/route', loose);
  {
    const route = api.posts('posts');
    const args = {} as ArgsOf<typeof route, 'POST'>;
    const undeclared = { ...args, notAnArgument: 1 };
    await client.post(route, args);
    await client.request('POST', route, { body: args });
    subRequest('POST', route, args);
    // @ts-expect-error a loose record
    await client.post(route, loose);
    // @ts-expect-error a loose record, through request()
    await client.request('POST', route, { body: loose });
    // @ts-expect-error a loose record as a sub-request's body
    subRequest('POST', route, loose);
    // @ts-expect-error an argument the route does not declare
    await client.post(route, undeclared);
    // @ts-expect-error an argument the route does not declare, through request()
    await client.request('POST', route, { body: undeclared });
    // @ts-expect-error a loose record as the query
    await client.post(route, args, loose);
  }
  {
    const route = api.post('posts', 1);
    const args = {} as ArgsOf<typeof route, 'POST'>;
    const undeclared = { ...args, notAnArgument: 1 };
    await client.post(route, args);
    await client.request('POST', route, { body: args });
    subRequest('POST', route, args);
    // @ts-expect-error a loose record
    await client.post(route, loose);
    // @ts-expect-error a loose record, through request()
    await client.request('POST', route, { body: loose });
    // @ts-expect-error a loose record as a sub-request's body
    subRequest('POST', route, loose);
    // @ts-expect-error an argument the route does not declare
    await client.post(route, undeclared);
    // @ts-expect-error an argument the route does not declare, through request()
    await client.request('POST', route, { body: undeclared });
    // @ts-expect-error a loose record as the query
    await client.post(route, args, loose);
  }
  {
    const route = api.autosaves('posts', 1);
    const args = {} as ArgsOf<typeof route, 'POST'>;
    const undeclared = { ...args, notAnArgument: 1 };
    await client.post(route, args);
    await client.request('POST', route, { body: args });
    subRequest('POST', route, args);
    // @ts-expect-error a loose record
    await client.post(route, loose);
    // @ts-expect-error a loose record, through request()
    await client.request('POST', route, { body: loose });
    // @ts-expect-error a loose record as a sub-request's body
    subRequest('POST', route, loose);
    // @ts-expect-error an argument the route does not declare
    await client.post(route, undeclared);
    // @ts-expect-error an argument the route does not declare, through request()
    await client.request('POST', route, { body: undeclared });
    // @ts-expect-error a loose record as the query
    await client.post(route, args, loose);
  }
  {
    const route = api.mediaList();
    const args = {} as ArgsOf<typeof route, 'POST'>;
    const undeclared = { ...args, notAnArgument: 1 };
    await client.post(route, args);
    await client.request('POST', route, { body: args });
    subRequest('POST', route, args);
    // @ts-expect-error a loose record
    await client.post(route, loose);
    // @ts-expect-error a loose record, through request()
    await client.request('POST', route, { body: loose });
    // @ts-expect-error a loose record as a sub-request's body
    subRequest('POST', route, loose);
    // @ts-expect-error an argument the route does not declare
    await client.post(route, undeclared);
    // @ts-expect-error an argument the route does not declare, through request()
    await client.request('POST', route, { body: undeclared });
    // @ts-expect-error a loose record as the query
    await client.post(route, args, loose);
  }
  {
    const route = api.media(1);
    const args = {} as ArgsOf<typeof route, 'POST'>;
    const undeclared = { ...args, notAnArgument: 1 };
    await client.post(route, args);
    await client.request('POST', route, { body: args });
    subRequest('POST', route, args);
    // @ts-expect-error a loose record
    await client.post(route, loose);
    // @ts-expect-error a loose record, through request()
    await client.request('POST', route, { body: loose });
    // @ts-expect-error a loose record as a sub-request's body
    subRequest('POST', route, loose);
    // @ts-expect-error an argument the route does not declare
    await client.post(route, undeclared);
    // @ts-expect-error an argument the route does not declare, through request()
    await client.request('POST', route, { body: undeclared });
    // @ts-expect-error a loose record as the query
    await client.post(route, args, loose);
  }
  {
    const route = api.mediaPostProcess(1);
    const args = {} as ArgsOf<typeof route, 'POST'>;
    const undeclared = { ...args, notAnArgument: 1 };
    await client.post(route, args);
    await client.request('POST', route, { body: args });
    subRequest('POST', route, args);
    // @ts-expect-error a loose record
    await client.post(route, loose);
    // @ts-expect-error a loose record, through request()
    await client.request('POST', route, { body: loose });
    // @ts-expect-error a loose record as a sub-request's body
    subRequest('POST', route, loose);
    // @ts-expect-error an argument the route does not declare
    await client.post(route, undeclared);
    // @ts-expect-error an argument the route does not declare, through request()
    await client.request('POST', route, { body: undeclared });
    // @ts-expect-error a loose record as the query
    await client.post(route, args, loose);
  }
  {
    const route = api.mediaEdit(1);
    const args = {} as ArgsOf<typeof route, 'POST'>;
    const undeclared = { ...args, notAnArgument: 1 };
    await client.post(route, args);
    await client.request('POST', route, { body: args });
    subRequest('POST', route, args);
    // @ts-expect-error a loose record
    await client.post(route, loose);
    // @ts-expect-error a loose record, through request()
    await client.request('POST', route, { body: loose });
    // @ts-expect-error a loose record as a sub-request's body
    subRequest('POST', route, loose);
    // @ts-expect-error an argument the route does not declare
    await client.post(route, undeclared);
    // @ts-expect-error an argument the route does not declare, through request()
    await client.request('POST', route, { body: undeclared });
    // @ts-expect-error a loose record as the query
    await client.post(route, args, loose);
  }
  {
    const route = api.terms('tags');
    const args = {} as ArgsOf<typeof route, 'POST'>;
    const undeclared = { ...args, notAnArgument: 1 };
    await client.post(route, args);
    await client.request('POST', route, { body: args });
    subRequest('POST', route, args);
    // @ts-expect-error a loose record
    await client.post(route, loose);
    // @ts-expect-error a loose record, through request()
    await client.request('POST', route, { body: loose });
    // @ts-expect-error a loose record as a sub-request's body
    subRequest('POST', route, loose);
    // @ts-expect-error an argument the route does not declare
    await client.post(route, undeclared);
    // @ts-expect-error an argument the route does not declare, through request()
    await client.request('POST', route, { body: undeclared });
    // @ts-expect-error a loose record as the query
    await client.post(route, args, loose);
  }
  {
    const route = api.settings();
    const args = {} as ArgsOf<typeof route, 'POST'>;
    const undeclared = { ...args, notAnArgument: 1 };
    await client.post(route, args);
    await client.request('POST', route, { body: args });
    subRequest('POST', route, args);
    // @ts-expect-error a loose record
    await client.post(route, loose);
    // @ts-expect-error a loose record, through request()
    await client.request('POST', route, { body: loose });
    // @ts-expect-error a loose record as a sub-request's body
    subRequest('POST', route, loose);
    // @ts-expect-error an argument the route does not declare
    await client.post(route, undeclared);
    // @ts-expect-error an argument the route does not declare, through request()
    await client.request('POST', route, { body: undeclared });
    // @ts-expect-error a loose record as the query
    await client.post(route, args, loose);
  }
  {
    const route = desktopApi.session();
    const args = {} as ArgsOf<typeof route, 'POST'>;
    const undeclared = { ...args, notAnArgument: 1 };
    await client.post(route, args);
    await client.request('POST', route, { body: args });
    subRequest('POST', route, args);
    // @ts-expect-error a loose record
    await client.post(route, loose);
    // @ts-expect-error a loose record, through request()
    await client.request('POST', route, { body: loose });
    // @ts-expect-error a loose record as a sub-request's body
    subRequest('POST', route, loose);
    // @ts-expect-error an argument the route does not declare
    await client.post(route, undeclared);
    // @ts-expect-error an argument the route does not declare, through request()
    await client.request('POST', route, { body: undeclared });
    // @ts-expect-error a loose record as the query
    await client.post(route, args, loose);
  }
  {
    const route = desktopApi.discover();
    const args = {} as ArgsOf<typeof route, 'POST'>;
    const undeclared = { ...args, notAnArgument: 1 };
    await client.post(route, args);
    await client.request('POST', route, { body: args });
    subRequest('POST', route, args);
    // @ts-expect-error a loose record
    await client.post(route, loose);
    // @ts-expect-error a loose record, through request()
    await client.request('POST', route, { body: loose });
    // @ts-expect-error a loose record as a sub-request's body
    subRequest('POST', route, loose);
    // @ts-expect-error an argument the route does not declare
    await client.post(route, undeclared);
    // @ts-expect-error an argument the route does not declare, through request()
    await client.request('POST', route, { body: undeclared });
    // @ts-expect-error a loose record as the query
    await client.post(route, args, loose);
  }
  {
    const route = desktopApi.sites();
    const args = {} as ArgsOf<typeof route, 'POST'>;
    const undeclared = { ...args, notAnArgument: 1 };
    await client.post(route, args);
    await client.request('POST', route, { body: args });
    subRequest('POST', route, args);
    // @ts-expect-error a loose record
    await client.post(route, loose);
    // @ts-expect-error a loose record, through request()
    await client.request('POST', route, { body: loose });
    // @ts-expect-error a loose record as a sub-request's body
    subRequest('POST', route, loose);
    // @ts-expect-error an argument the route does not declare
    await client.post(route, undeclared);
    // @ts-expect-error an argument the route does not declare, through request()
    await client.request('POST', route, { body: undeclared });
    // @ts-expect-error a loose record as the query
    await client.post(route, args, loose);
  }
  {
    const route = desktopApi.credentials('site');
    const args = {} as ArgsOf<typeof route, 'POST'>;
    const undeclared = { ...args, notAnArgument: 1 };
    await client.post(route, args);
    await client.request('POST', route, { body: args });
    subRequest('POST', route, args);
    // @ts-expect-error a loose record
    await client.post(route, loose);
    // @ts-expect-error a loose record, through request()
    await client.request('POST', route, { body: loose });
    // @ts-expect-error a loose record as a sub-request's body
    subRequest('POST', route, loose);
    // @ts-expect-error an argument the route does not declare
    await client.post(route, undeclared);
    // @ts-expect-error an argument the route does not declare, through request()
    await client.request('POST', route, { body: undeclared });
    // @ts-expect-error a loose record as the query
    await client.post(route, args, loose);
  }
  {
    const route = desktopApi.siteSettings('site');
    const args = {} as ArgsOf<typeof route, 'POST'>;
    const undeclared = { ...args, notAnArgument: 1 };
    await client.post(route, args);
    await client.request('POST', route, { body: args });
    subRequest('POST', route, args);
    // @ts-expect-error a loose record
    await client.post(route, loose);
    // @ts-expect-error a loose record, through request()
    await client.request('POST', route, { body: loose });
    // @ts-expect-error a loose record as a sub-request's body
    subRequest('POST', route, loose);
    // @ts-expect-error an argument the route does not declare
    await client.post(route, undeclared);
    // @ts-expect-error an argument the route does not declare, through request()
    await client.request('POST', route, { body: undeclared });
    // @ts-expect-error a loose record as the query
    await client.post(route, args, loose);
  }
  {
    const route = desktopApi.copySession('site');
    const args = {} as ArgsOf<typeof route, 'POST'>;
    const undeclared = { ...args, notAnArgument: 1 };
    await client.post(route, args);
    await client.request('POST', route, { body: args });
    subRequest('POST', route, args);
    // @ts-expect-error a loose record
    await client.post(route, loose);
    // @ts-expect-error a loose record, through request()
    await client.request('POST', route, { body: loose });
    // @ts-expect-error a loose record as a sub-request's body
    subRequest('POST', route, loose);
    // @ts-expect-error an argument the route does not declare
    await client.post(route, undeclared);
    // @ts-expect-error an argument the route does not declare, through request()
    await client.request('POST', route, { body: undeclared });
    // @ts-expect-error a loose record as the query
    await client.post(route, args, loose);
  }
  {
    const route = desktopApi.preview('site');
    const args = {} as ArgsOf<typeof route, 'POST'>;
    const undeclared = { ...args, notAnArgument: 1 };
    await client.post(route, args);
    await client.request('POST', route, { body: args });
    subRequest('POST', route, args);
    // @ts-expect-error a loose record
    await client.post(route, loose);
    // @ts-expect-error a loose record, through request()
    await client.request('POST', route, { body: loose });
    // @ts-expect-error a loose record as a sub-request's body
    subRequest('POST', route, loose);
    // @ts-expect-error an argument the route does not declare
    await client.post(route, undeclared);
    // @ts-expect-error an argument the route does not declare, through request()
    await client.request('POST', route, { body: undeclared });
    // @ts-expect-error a loose record as the query
    await client.post(route, args, loose);
  }
  {
    const route = desktopApi.sync('site');
    const args = {} as ArgsOf<typeof route, 'POST'>;
    const undeclared = { ...args, notAnArgument: 1 };
    await client.post(route, args);
    await client.request('POST', route, { body: args });
    subRequest('POST', route, args);
    // @ts-expect-error a loose record
    await client.post(route, loose);
    // @ts-expect-error a loose record, through request()
    await client.request('POST', route, { body: loose });
    // @ts-expect-error a loose record as a sub-request's body
    subRequest('POST', route, loose);
    // @ts-expect-error an argument the route does not declare
    await client.post(route, undeclared);
    // @ts-expect-error an argument the route does not declare, through request()
    await client.request('POST', route, { body: undeclared });
    // @ts-expect-error a loose record as the query
    await client.post(route, args, loose);
  }
  {
    const route = desktopApi.conflict('site', 1);
    const args = {} as ArgsOf<typeof route, 'POST'>;
    const undeclared = { ...args, notAnArgument: 1 };
    await client.post(route, args);
    await client.request('POST', route, { body: args });
    subRequest('POST', route, args);
    // @ts-expect-error a loose record
    await client.post(route, loose);
    // @ts-expect-error a loose record, through request()
    await client.request('POST', route, { body: loose });
    // @ts-expect-error a loose record as a sub-request's body
    subRequest('POST', route, loose);
    // @ts-expect-error an argument the route does not declare
    await client.post(route, undeclared);
    // @ts-expect-error an argument the route does not declare, through request()
    await client.request('POST', route, { body: undeclared });
    // @ts-expect-error a loose record as the query
    await client.post(route, args, loose);
  }
  {
    const route = desktopApi.grants();
    const args = {} as ArgsOf<typeof route, 'POST'>;
    const undeclared = { ...args, notAnArgument: 1 };
    await client.post(route, args);
    await client.request('POST', route, { body: args });
    subRequest('POST', route, args);
    // @ts-expect-error a loose record
    await client.post(route, loose);
    // @ts-expect-error a loose record, through request()
    await client.request('POST', route, { body: loose });
    // @ts-expect-error a loose record as a sub-request's body
    subRequest('POST', route, loose);
    // @ts-expect-error an argument the route does not declare
    await client.post(route, undeclared);
    // @ts-expect-error an argument the route does not declare, through request()
    await client.request('POST', route, { body: undeclared });
    // @ts-expect-error a loose record as the query
    await client.post(route, args, loose);
  }
  {
    const route = batchApi.batch();
    const args = {} as ArgsOf<typeof route, 'POST'>;
    const undeclared = { ...args, notAnArgument: 1 };
    await client.post(route, args);
    await client.request('POST', route, { body: args });
    subRequest('POST', route, args);
    // @ts-expect-error a loose record
    await client.post(route, loose);
    // @ts-expect-error a loose record, through request()
    await client.request('POST', route, { body: loose });
    // @ts-expect-error a loose record as a sub-request's body
    subRequest('POST', route, loose);
    // @ts-expect-error an argument the route does not declare
    await client.post(route, undeclared);
    // @ts-expect-error an argument the route does not declare, through request()
    await client.request('POST', route, { body: undeclared });
    // @ts-expect-error a loose record as the query
    await client.post(route, args, loose);
  }
}
