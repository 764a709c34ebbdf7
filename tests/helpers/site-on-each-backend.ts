// The media tests' set-up: the same tests once on each media backend (media-backends.ts), each
// time on a test site of its own whose media go to a new backend of that kind.
import { afterAll, beforeAll, describe } from 'vitest';
import { MEDIA_BACKENDS, startMediaBackend, type MediaBackend, type MediaBackendName } from './media-backends.ts';
import { startTestSite, type TestSite, type TestSiteOptions } from './test-site.ts';

/** The site and backend of one backend's describe: read in its tests and hooks, once started. */
export interface SiteOnBackend {
  readonly name: MediaBackendName;
  readonly site: TestSite;
  readonly backend: MediaBackend;
}

/**
 * A describe per media backend (`title` names it with `%s`) whose tests get a test site (deployment
 * 'a', with `options`) on a new backend of that kind: started before them, closed after them.
 * The describe's own `beforeAll` hooks run after the site has started.
 */
export function siteOnEachBackend(title: string, tests: (media: SiteOnBackend) => void, options: TestSiteOptions = {}): void {
  describe.each(MEDIA_BACKENDS)(title, (name) => {
    let backend: MediaBackend | undefined;
    let site: TestSite | undefined;
    beforeAll(async () => {
      backend = await startMediaBackend(name);
      site = await startTestSite('a', { ...options, ...backend.choice });
    });
    afterAll(async () => {
      await site?.close();
      await backend?.close();
    });
    tests({
      name,
      get site() {
        if (!site) throw new Error(`the site on the ${name} backend is read before it has started`);
        return site;
      },
      get backend() {
        if (!backend) throw new Error(`the ${name} backend is read before it has started`);
        return backend;
      },
    });
  });
}
