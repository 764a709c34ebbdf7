// Rule of issue 30: every endpoint declares who may use it, once (Endpoint.permission), and
// dispatch enforces that one declaration, in the reference's order (route, arguments,
// permission, handler), and answers `Allow` from it. Checked over every route of both
// deployments, with the desktop app's private namespace, as the app's host serves them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppHost, type AppHost } from '../../electron/app-host.ts';
import { standInRenderer } from '../helpers/app-host-fixture.ts';
import { Dispatcher } from '../../server/rest/dispatch.ts';
import { Router } from '../../server/rest/router.ts';
import { forbidden } from '../../server/rest/errors.ts';
import { userPermission } from '../../server/rest/permissions.ts';
import type { Endpoint, RequestUser, RestRequest } from '../../server/rest/types.ts';

const hosts: AppHost[] = [];

beforeAll(async () => {
  for (const deployment of ['a', 'b'] as const) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `permissions-${deployment}-`));
    hosts.push(await startAppHost({ dataDir, rendererDir: standInRenderer(), deployment, port: 0 }));
  }
});

afterAll(async () => {
  for (const host of hosts) await host.close();
});

describe('every endpoint', () => {
  it('declares its permission (both deployments and the private namespace)', () => {
    const endpoints = hosts.flatMap((host) => host.running.site.router.routes().flatMap((route) =>
      route.endpoints.map((endpoint) => ({ at: `${endpoint.methods.join(',')} ${route.pattern}`, endpoint }))));
    expect(endpoints.some(({ at }) => at.startsWith('POST /inkwell/'))).toBe(true);
    expect(endpoints.filter(({ endpoint }) => typeof endpoint.permission !== 'function').map(({ at }) => at)).toEqual([]);
  });
});

describe('dispatch', () => {
  const visitor = null;
  const member: RequestUser = { id: 1, login: 'member', role: 'subscriber' };
  const refuseVisitors = ({ user }: { user: RequestUser | null }) => {
    if (!user) throw forbidden('test_forbidden', 'Members only.', false);
  };

  function site(steps: string[]) {
    const router = new Router();
    const step = (name: string) => () => void steps.push(name);
    const endpoints: Endpoint[] = [
      {
        methods: ['GET'], args: { n: { type: 'integer', required: true } },
        // Enforced with the validated arguments; asked for `Allow` with the URL's captures alone.
        permission: (ctx) => { steps.push(ctx.params.n === undefined ? 'asked for Allow' : 'permission'); refuseVisitors(ctx); },
        handler: () => { step('handler')(); return { ok: true }; },
      },
      { methods: ['DELETE'], args: {}, permission: (ctx) => refuseVisitors(ctx), handler: step('handler') },
      { methods: ['POST'], args: {}, ...userPermission((user) => refuseVisitors({ user })), handler: step('handler') },
    ];
    router.add({ namespace: 'test/v1', pattern: '/test/v1/thing', endpoints });
    return new Dispatcher({ router, authenticate: () => null, apiRoot: 'http://site/api/' });
  }
  const request = (method: string, query: Record<string, unknown>, user: RequestUser | null): RestRequest =>
    ({ method, path: '/test/v1/thing', query, headers: {}, user });

  it('checks the arguments first (the reference validates before its permission_callback)', async () => {
    const steps: string[] = [];
    const response = await site(steps).dispatch(request('GET', { n: 'x' }, visitor));
    expect(response.status).toBe(400);
    expect(steps).toEqual(['asked for Allow']);
  });

  it('refuses before the handler runs, with the permission’s own error', async () => {
    const steps: string[] = [];
    const response = await site(steps).dispatch(request('GET', { n: '1' }, visitor));
    expect(response.status).toBe(401);
    expect((response.body as { code: string }).code).toBe('test_forbidden');
    expect(steps).toEqual(['permission', 'asked for Allow']);
  });

  it('runs the handler once the permission allows', async () => {
    const steps: string[] = [];
    const response = await site(steps).dispatch(request('GET', { n: '1' }, member));
    expect(response.status).toBe(200);
    expect(steps).toEqual(['permission', 'handler', 'asked for Allow']);
  });

  it('answers Allow from the same permissions, and enforces a user-only one declared with userPermission', async () => {
    const steps: string[] = [];
    const dispatcher = site(steps);
    expect((await dispatcher.dispatch(request('GET', { n: '1' }, member))).headers.allow).toBe('GET, DELETE, POST');
    const refused = await dispatcher.dispatch(request('POST', {}, visitor));
    expect(refused.status).toBe(401);
    expect(refused.headers.allow).toBeUndefined();
    expect(steps.filter((name) => name === 'handler')).toEqual(['handler']);
  });
});
