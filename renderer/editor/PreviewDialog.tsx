// The item as readers will see it: the site's own page for it, asked for as a preview with
// the window's credentials (so drafts and unsaved words show), inside a frame that runs nothing.
import { useQuery } from '@tanstack/react-query';
import { useClient } from '../api/client-context.tsx';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { useEscape } from '../components/useEscape.ts';

interface Props {
  id: number;
  /** The address readers use once it is live, shown for reference. */
  link: string | null;
  onClose(): void;
}

export function PreviewDialog({ id, link, onClose }: Props) {
  const client = useClient();
  useEscape(onClose);
  const page = useQuery({
    queryKey: ['preview', client.apiRoot, id],
    gcTime: 0,
    queryFn: async () => {
      // The site's pages live beside its API root: `{base}/?p=ID` answers for posts and pages alike.
      const address = new URL(`../?p=${id}&preview=true`, client.apiRoot);
      const response = await fetch(address, { headers: client.authHeaders(), cache: 'no-store' });
      if (!response.ok) throw new Error(`The site could not show a preview (it answered ${response.status}).`);
      return response.text();
    },
  });
  return (
    <div className="dialog-backdrop">
      <div className="dialog preview-dialog" role="dialog" aria-modal="true" aria-label="Preview">
        <div className="toolbar">
          <h2 style={{ margin: 0 }}>Preview</h2>
          {link && <span className="muted">{link}</span>}
          <button type="button" onClick={onClose} style={{ marginLeft: 'auto' }}>Close</button>
        </div>
        <ErrorNotice error={page.error} />
        {page.isPending && <p className="muted">Preparing the preview…</p>}
        {/* No scripts, no same-origin rights: the page is only shown. */}
        {page.data && <iframe title="Preview of the page" sandbox="" srcDoc={page.data} className="preview-frame" />}
      </div>
    </div>
  );
}
