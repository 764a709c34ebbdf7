// @vitest-environment jsdom
// Which pattern a post's `{"ref":N}` names where the writer writes: on the app's own site, N; in a
// connected site's copy, whose posts keep the remote's ids byte for byte, the copy's pattern that
// sync mapped to N (asked of the desktop app), none when it mapped none or cannot be asked, and
// nothing claimed while asking.
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { HomeClientContext, SiteChoiceContext } from '../../renderer/api/client-context.tsx';
import { usePatternId, usePatternRefs } from '../../renderer/editor/usePatternId.ts';
import { ownPatternRef } from '../../shared/copy-pattern-refs.ts';
import { SiteClient } from '../../shared/site-client.ts';
import type { CopySession } from '../../shared/connected-sites.ts';

const actFlag = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
beforeAll(() => {
  actFlag.IS_REACT_ACT_ENVIRONMENT = true;
});
afterAll(() => {
  delete actFlag.IS_REACT_ACT_ENVIRONMENT;
});

const COPY: CopySession = { siteId: 'remote', name: 'Remote', apiRoot: 'http://127.0.0.1:1/sites/remote/cms-json/', credentials: { login: 'admin', password: 'y' } };

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
});

/** What usePatternId (or `read`) answered for `ref` after each render, the home site answering the mapping request with `answer`. */
async function resolved(ref: number, current: CopySession | null, answer: () => Promise<Response>, read: (ref: number) => unknown = usePatternId): Promise<{ first: unknown; last: unknown; asked: string[] }> {
  const asked: string[] = [];
  let settle!: () => void;
  const held = new Promise<void>((resolve) => {
    settle = resolve;
  });
  const home = new SiteClient('http://127.0.0.1:1/cms-json/', { login: 'admin', password: 'x' }, async (input) => {
    asked.push(new URL(String(input instanceof Request ? input.url : input)).pathname);
    await held;
    return answer();
  });
  const seen: unknown[] = [];
  function Probe() {
    seen.push(read(ref));
    return null;
  }
  const queries = new QueryClient();
  root = createRoot(document.createElement('div'));
  await act(async () => {
    root!.render(createElement(QueryClientProvider, { client: queries },
      createElement(HomeClientContext.Provider, { value: home },
        createElement(SiteChoiceContext.Provider, { value: { current, choose: () => {} } }, createElement(Probe)))));
  });
  const first = seen.at(-1);
  settle();
  // Until every query the hook uses has its answer (or its refusal), or is not asked at all (the
  // app's own site): then, after one more render, the hook's last word is final. (Counting queries
  // in flight is not enough: a query not yet started is none.)
  await vi.waitFor(async () => {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
    });
    expect(queries.getQueryCache().getAll().every((query) => query.isDisabled() || query.state.status !== 'pending')).toBe(true);
  });
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  return { first, last: seen.at(-1), asked };
}

it('on the app\'s own site names the pattern N itself, asking nothing', async () => {
  const { first, last, asked } = await resolved(7, null, async () => Response.json({}));
  expect([first, last, asked]).toEqual([7, 7, []]);
});

it('in a connected site\'s copy names the copy\'s pattern sync mapped to N, and none while asking', async () => {
  const { first, last, asked } = await resolved(7, COPY, async () => Response.json({ 7: 12, 3: 7 }));
  expect([first, last]).toEqual([undefined, 12]);
  expect(asked).toEqual(['/cms-json/inkwell/v1/sites/remote/pattern-ids']);
});

it('in a connected site\'s copy names none for an N sync has not mapped, or when the app cannot say', async () => {
  expect((await resolved(7, COPY, async () => Response.json({ 3: 7 }))).last).toBeNull();
  act(() => root?.unmount());
  const refused = async () => Response.json({ code: 'inkwell_site_not_found', message: 'No connected site has this id.', data: { status: 404 } }, { status: 404 });
  expect((await resolved(7, COPY, refused)).last).toBeNull();
});

it('puts the copy\'s pattern in a post under the site\'s id sync mapped to it, one made here (or made just now, not in the answer yet) under the copy\'s own reference, and on the app\'s own site under its own', async () => {
  const refOf = (id: number) => usePatternRefs()(id);
  const mapping = async () => Response.json({ 40: 12, [ownPatternRef(12)]: 12, [ownPatternRef(9)]: 9 });
  expect((await resolved(12, COPY, mapping, refOf)).last).toBe(40);
  act(() => root?.unmount());
  expect((await resolved(9, COPY, mapping, refOf)).last).toBe(1000000000000009);
  act(() => root?.unmount());
  expect((await resolved(15, COPY, mapping, refOf)).last).toBe(1000000000000015);
  act(() => root?.unmount());
  expect((await resolved(12, null, mapping, refOf)).last).toBe(12);
});
