// The item as readers will see it, inside a frame that runs nothing. On the app's own site:
// the site's own page for it, asked for as a preview with the window's credentials (so
// drafts and autosaved words show). On a connected site: the writer's title and content as
// they are now, drawn by the desktop app in the remote's own look (its theme's page), which
// is kept on this computer so that the preview works offline; the dialog says when it is
// that saved copy, and from when.
import { useQuery } from '@tanstack/react-query';
import { useClient, useHomeClient, useSiteChoice } from '../api/client-context.tsx';
import { desktopApi } from '../../shared/api-routes.ts';
import type { RemotePreview } from '../../shared/connected-sites.ts';
import { retryAfterSeconds, SiteError } from '../../shared/site-client.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { useEscape } from '../components/useEscape.ts';
import { formatInstant, relativeTime, useSiteZone, type SiteZone } from '../components/site-dates.ts';

interface Props {
  id: number;
  /** The address readers use once it is live, shown for reference. */
  link: string | null;
  /** The title and content (block markup) as the writer has them now, saved or not, and whether it is a post or a page. */
  current: { title: string; content: string; collection: 'posts' | 'pages' };
  onClose(): void;
}

/** What the writer is told about the look a connected site's preview is drawn in. */
function lookNote(site: string, look: RemotePreview, zone: SiteZone): string {
  if (!look.cached) return `Shown in ${site}’s own look (its page ${look.source}), with your text as it is now, saved or not.`;
  return `Shown in ${site}’s look as saved on this computer on ${formatInstant(look.savedAt, zone)} (${relativeTime(look.savedAt)}), because the site cannot be reached now: ${look.reason ?? ''}`;
}

export function PreviewDialog({ id, link, current, onClose }: Props) {
  const client = useClient();
  const home = useHomeClient();
  const connected = useSiteChoice().current;
  const zone = useSiteZone();
  useEscape(onClose);
  const remote = useQuery({
    queryKey: ['remote-preview', connected?.siteId, id],
    gcTime: 0,
    retry: false,
    enabled: connected !== null,
    queryFn: () => home.post(desktopApi.preview(connected!.siteId), current),
  });
  // The site's own page: for the app's site, and for a connected one whose look cannot be had at all.
  const local = useQuery({
    queryKey: ['preview', client.apiRoot, id],
    gcTime: 0,
    enabled: connected === null || remote.isError,
    queryFn: async () => {
      // The site's pages live beside its API root: `{base}/?p=ID` answers for posts and pages alike.
      const address = new URL(`../?p=${id}&preview=true`, client.apiRoot);
      const response = await fetch(address, { headers: client.authHeaders(), cache: 'no-store' });
      // Said in words by the kind of failure (error-words.ts), not by its status number.
      if (!response.ok) throw new SiteError('preview_failed', 'The site could not show a preview.', response.status, {}, retryAfterSeconds(response.headers.get('retry-after')));
      return response.text();
    },
  });
  const page = remote.data?.html ?? local.data;
  return (
    <div className="dialog-backdrop">
      <div className="dialog preview-dialog" role="dialog" aria-modal="true" aria-label="Preview">
        <div className="toolbar">
          <h2 style={{ margin: 0 }}>Preview</h2>
          {link && <span className="muted">{link}</span>}
          <button type="button" onClick={onClose} style={{ marginLeft: 'auto' }}>Close</button>
        </div>
        {connected && remote.data && <p className={remote.data.cached ? 'notice preview-look-note' : 'muted preview-look-note'} role="status">{lookNote(connected.name, remote.data, zone)}</p>}
        {connected && remote.isError && <p className="muted preview-look-note" role="status">{connected.name}’s own look could not be shown, so this is this app’s reading page with the last saved or autosaved text.</p>}
        <ErrorNotice error={remote.error} />
        <ErrorNotice error={local.error} />
        {(remote.isFetching || local.isFetching) && !page && <p className="muted">Preparing the preview…</p>}
        {/* No scripts, no same-origin rights: the page is only shown. */}
        {page && <iframe title="Preview of the page" sandbox="" srcDoc={page} className="preview-frame" />}
      </div>
    </div>
  );
}
