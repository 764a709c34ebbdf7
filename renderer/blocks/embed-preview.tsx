// How an embed looks while writing: what the site's oEmbed proxy says about the URL (title,
// provider, thumbnail). When the proxy cannot say (offline, the other site down, an address that
// offers no embed), a link card with the address, which works as a link now; the block stays the
// embed as written, and shows as the player on the site once the address can be reached.
import { useQuery } from '@tanstack/react-query';
import { NodeViewWrapper, type ReactNodeViewProps } from '@tiptap/react';
import { useClient } from '../api/client-context.tsx';
import { htmlText } from './kept-attributes.ts';
import { oembedApi } from '../../shared/api-routes.ts';
import { embedFailureWords } from './embed-failure.ts';

export function EmbedPreview({ node, selected }: ReactNodeViewProps) {
  const client = useClient();
  const url = String(node.attrs.url ?? '');
  const caption = htmlText(String(node.attrs.caption ?? ''));
  const embed = useQuery({
    queryKey: ['oembed', url],
    staleTime: Infinity,
    retry: false,
    queryFn: () => client.get(oembedApi.proxy(), { url, maxwidth: 600 }),
  });
  const failure = embed.error ? embedFailureWords(embed.error) : null;
  return (
    <NodeViewWrapper className={`embed-preview${selected ? ' selected' : ''}${failure ? ' embed-link-card' : ''}`} data-drag-handle="">
      <strong>{embed.data?.provider_name ?? 'Embed'}</strong>{' '}
      <a href={url} target="_blank" rel="noreferrer">{embed.data?.title ?? url}</a>
      {embed.data?.title && <span className="muted"> {url}</span>}
      {embed.data?.thumbnail_url && <img src={embed.data.thumbnail_url} alt="" style={{ display: 'block', maxWidth: '100%' }} />}
      {embed.isPending && <span className="muted"> Looking up the embed…</span>}
      {failure && (
        <p className="embed-failure" contentEditable={false}>
          {failure}{' '}
          <button type="button" className="link" disabled={embed.isFetching} onMouseDown={(event) => event.preventDefault()} onClick={() => void embed.refetch()}>
            {embed.isFetching ? 'Trying…' : 'Try again'}
          </button>
        </p>
      )}
      {caption && <p className="post-image-caption">{caption}</p>}
    </NodeViewWrapper>
  );
}
