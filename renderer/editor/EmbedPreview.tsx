// How an embed looks while writing: what the site's oEmbed proxy says about the URL (title,
// provider, thumbnail), or why it could not say anything. The player itself shows on the site.
import { useQuery } from '@tanstack/react-query';
import { NodeViewWrapper, type ReactNodeViewProps } from '@tiptap/react';
import { useClient } from '../api/client-context.tsx';
import { describeError } from '../components/ErrorNotice.tsx';
import { htmlText } from '../blocks/kept-attributes.ts';
import { oembedApi } from '../../shared/api-routes.ts';

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
  return (
    <NodeViewWrapper className={selected ? 'embed-preview selected' : 'embed-preview'} data-drag-handle="">
      <strong>{embed.data?.provider_name ?? 'Embed'}</strong>{' '}
      <a href={url} target="_blank" rel="noreferrer">{embed.data?.title ?? url}</a>
      {embed.data?.title && <span className="muted"> {url}</span>}
      {embed.data?.thumbnail_url && <img src={embed.data.thumbnail_url} alt="" style={{ display: 'block', maxWidth: '100%' }} />}
      {embed.isPending && <span className="muted"> Looking up the embed…</span>}
      {embed.error && <span className="muted"> {describeError(embed.error)} It will show as a link.</span>}
      {caption && <p className="post-image-caption">{caption}</p>}
    </NodeViewWrapper>
  );
}
