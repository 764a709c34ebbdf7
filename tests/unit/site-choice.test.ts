// @vitest-environment jsdom
// Choosing the site a window writes for: another site's choice empties the query cache, so no
// screen shows one site's items as another's; choosing the site already written for (the
// "Writing for" list's change fired again, as Playwright's selectOption fires it) must leave a
// screen's request in flight be. Emptying the cache then cancelled it and nothing asked again:
// the settings screen waited for the site's index for good (e2e settings, under a slowed page).
// And a site's copy that opens after the writer has chosen again does not take the later choice's place.
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { ClientProvider } from '../../renderer/api/ClientProvider.tsx';
import { useClient, useSiteChoice, type SiteChoice } from '../../renderer/api/client-context.tsx';
import { useSwitchSite } from '../../renderer/sites/useSwitchSite.ts';
import { SiteClient } from '../../shared/site-client.ts';
import type { CopySession } from '../../shared/connected-sites.ts';

// React's act() warns unless told it runs in a test; the flag is this file's, so it goes after it.
const actFlag = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
beforeAll(() => {
  actFlag.IS_REACT_ACT_ENVIRONMENT = true;
});
afterAll(() => {
  delete actFlag.IS_REACT_ACT_ENVIRONMENT;
});

/** The answer to the home site's one request here (a connected site's copy opened), given by the test. */
let openedCopy: ((session: CopySession) => void) | undefined;
const home = new SiteClient('http://127.0.0.1:1/cms-json/', { login: 'admin', password: 'x' }, () => new Promise<Response>((resolve) => {
  openedCopy = (session) => resolve(Response.json(session));
}));
const copy = (siteId: string): CopySession => ({ siteId, name: siteId, apiRoot: `http://127.0.0.1:1/sites/${siteId}/cms-json/`, credentials: { login: 'admin', password: 'y' } });

let root: Root;
let choice: SiteChoice;
let switchSite: (siteId: string | null) => Promise<void>;
let shown: string | undefined;
/** Each site's answer, settled by the test: "while the request runs" is a moment it holds. */
const answers = new Map<string, (words: string) => void>();

/** A screen reading its site's index: what it shows is the answer for the site written for. */
function Screen() {
  choice = useSiteChoice();
  switchSite = useSwitchSite();
  const client = useClient();
  shown = useQuery({ queryKey: ['index', client.apiRoot], queryFn: () => new Promise<string>((resolve) => answers.set(client.apiRoot, resolve)) }).data;
  return null;
}

/** Answers the request the screen made of `apiRoot`, once made. */
async function answer(apiRoot: string, words: string): Promise<void> {
  await vi.waitFor(() => expect(answers.has(apiRoot)).toBe(true));
  await act(async () => answers.get(apiRoot)?.(words));
}

/** What the screen shows once the query's answer has reached it (its observers hear of it a task later). */
async function shownAfterwards(): Promise<string | undefined> {
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  return shown;
}

beforeEach(() => {
  sessionStorage.clear();
  answers.clear();
  openedCopy = undefined;
  shown = undefined;
  root = createRoot(document.createElement('div'));
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  act(() => root.render(createElement(QueryClientProvider, { client: queries }, createElement(ClientProvider, { home, children: createElement(Screen) }))));
});
afterEach(() => act(() => root.unmount()));

it('keeps a screen’s request for the site already written for when that site is chosen again', async () => {
  for (const again of [null, copy('remote-a')]) {
    if (again) act(() => choice.choose(again));
    const apiRoot = again?.apiRoot ?? home.apiRoot;
    act(() => choice.choose(again === null ? null : copy(again.siteId)));
    await answer(apiRoot, `index of ${apiRoot}`);
    expect(await shownAfterwards()).toBe(`index of ${apiRoot}`);
  }
});

it('empties the cache for another site, whose own answer is shown', async () => {
  await answer(home.apiRoot, 'home index');
  expect(await shownAfterwards()).toBe('home index');
  const other = copy('remote-b');
  act(() => choice.choose(other));
  expect(shown).toBeUndefined();
  await answer(other.apiRoot, 'remote index');
  expect(await shownAfterwards()).toBe('remote index');
});

it('keeps the writer’s last choice when a site’s copy opens after it', async () => {
  let first!: Promise<void>;
  act(() => { first = switchSite('remote-c'); });
  await act(() => switchSite(null));
  await vi.waitFor(() => expect(openedCopy).toBeDefined());
  await act(async () => {
    openedCopy?.(copy('remote-c'));
    await first;
  });
  expect(choice.current).toBeNull();
});
