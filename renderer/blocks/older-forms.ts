// Blocks in an older form (the block editor's deprecations: a quote holding its paragraphs as
// HTML, `style` 1 or 2; an embed named core-embed/<provider>; a heading without its class): the markup the block editor
// migrates them to, so the editor reads them as the current block. An untouched one is still
// written back as read (its source); the first edit writes the current form, as the block
// editor does. A container in its current form holding blocks in an older form is one too: the
// block editor migrates them as it reads it. Each migration gives the block editor's output exactly
// (tests/unit/older-forms.test.ts compares them); anything else stays as written.
import type { ParsedBlock } from './split-blocks.ts';
import { customClassName, inDeclaredOrder } from './older-form-parts.ts';
import { blockMarkup } from './serialize-blocks.ts';
import { htmlBody } from './html-nodes.ts';
import { buttonOfLinkAlone, buttonWithRadiusInPixels, buttonWithTypographyOnLink, currentButton } from './older-button.ts';
import { currentList } from './older-list.ts';
import { currentSeparator } from './older-separator.ts';
import { currentFile } from './older-file.ts';
import { currentVerse } from './older-verse.ts';
import { currentParagraph, paragraphAlignedByClass } from './older-paragraph.ts';
import { currentGallery, galleryOfImagesAsSaved } from './older-gallery.ts';
import { currentCover } from './older-cover.ts';
import { coverOfTitle } from './older-cover-title.ts';
import { coverOfOlderWrapper } from './older-cover-wrapper.ts';
import { isCurrentCover } from './cover-save.ts';
import { currentGroup } from './older-group.ts';
import { currentButtons } from './older-buttons.ts';
import { currentMediaText } from './older-media-text.ts';
import { currentAudio, currentVideo } from './older-audio.ts';
import { currentImage } from './older-image.ts';
import { currentColumns } from './older-columns.ts';
import { withInnerBlocksAsSaved, withOlderInnerBlocks } from './older-inner-blocks.ts';
import { currentName } from './older-names.ts';
import { currentHeading } from './older-heading.ts';
import { currentPullquote } from './older-pullquote.ts';
import { currentSpacer } from './older-spacer.ts';
import { currentText } from './older-text.ts';
import { currentTable } from './older-table.ts';
import { currentQuery, currentQueryPagination } from './older-query.ts';

/** core/quote's attributes in the order the block type declares them (checked against the block editor by the test). */
export const QUOTE_ATTRIBUTES = ['value', 'citation', 'textAlign', 'backgroundColor', 'textColor', 'gradient', 'fontFamily', 'fontSize', 'align', 'lock', 'allowedBlocks', 'anchor', 'className', 'borderColor', 'style', 'layout', 'metadata'];
/** core/embed's attributes in the order the block type declares them. */
export const EMBED_ATTRIBUTES = ['url', 'caption', 'type', 'providerNameSlug', 'allowResponsive', 'responsive', 'previewable', 'align', 'lock', 'anchor', 'className', 'style', 'metadata'];

const TEXT_ALIGNMENTS = ['left', 'right', 'center'];

/** The quote's attributes an older form may carry and its migration knows; any other keeps it as written. */
const OLDER_QUOTE_ATTRIBUTES = new Set(['style', 'align', 'className', 'anchor']);

/** A quote whose paragraphs are HTML of its own (before quotes held paragraph blocks). */
function currentQuote(block: ParsedBlock): string | null {
  const attributes = { ...(block.attrs ?? {}) } as Record<string, unknown>;
  if (block.innerBlocks.length > 0 || !Object.keys(attributes).every((name) => OLDER_QUOTE_ATTRIBUTES.has(name))) return null;
  const quote = htmlBody(block.innerHTML).firstElementChild;
  if (quote?.tagName !== 'BLOCKQUOTE' || htmlBody(block.innerHTML).children.length !== 1) return null;
  // `style` 1 and 2 were the plain and large quotes (the class in the HTML says which).
  if (typeof attributes.style !== 'object') delete attributes.style;
  if (typeof attributes.align === 'string' && TEXT_ALIGNMENTS.includes(attributes.align)) {
    attributes.textAlign = attributes.align;
    delete attributes.align;
  }
  const written = ['wp-block-quote', ...(typeof attributes.textAlign === 'string' ? [`has-text-align-${attributes.textAlign}`] : [])];
  // The oldest save (its citation in a footer) wrote `style` (1 unless said) as a class of its own, which its migration drops with it.
  const styleClass = quote.querySelector(':scope > footer') ? [`blocks-quote-style-${typeof block.attrs?.style === 'number' ? block.attrs.style : 1}`] : [];
  attributes.className = customClassName(block.innerHTML, [...written, ...styleClass]);
  const paragraphs = [...quote.querySelectorAll('p')].map((p) => blockMarkup('paragraph', {}, `<p>${p.innerHTML}</p>`));
  // Without paragraphs the block editor's migrations differ from one older form to the next: kept as written.
  if (paragraphs.length === 0) return null;
  const citation = quote.querySelector('cite, footer')?.innerHTML ?? '';
  const classes = [...written, ...(attributes.className ? [String(attributes.className)] : [])].join(' ');
  const inner = paragraphs.join('\n\n');
  return blockMarkup('quote', inDeclaredOrder(attributes, QUOTE_ATTRIBUTES), `<blockquote class="${classes}">${inner}${citation ? `<cite>${citation}</cite>` : ''}</blockquote>`);
}

/** Providers renamed since their embed blocks were made. */
const RENAMED_PROVIDERS: Readonly<Record<string, string>> = { speaker: 'speaker-deck', polldaddy: 'crowdsignal' };
/** Providers whose embeds were never responsive. */
const UNRESPONSIVE = ['amazon-kindle', 'wordpress'];
/** An embed's figure: its URL in the wrapper (or, in the oldest form, alone in the figure), and maybe a caption. */
const EMBED_FIGURE = /^\s*<figure [^>]*>(?:<div class="wp-block-embed__wrapper">)?\s*([^<]*?)\s*(?:<\/div>)?(?:<figcaption(?: [^>]*)?>([\s\S]*?)<\/figcaption>)?<\/figure>\s*$/;

/** An embed of one provider's own block (core-embed/youtube …): now the embed block, naming its provider. */
function currentEmbed(block: ParsedBlock): string | null {
  const slug = (block.blockName ?? '').slice('core-embed/'.length);
  const figure = EMBED_FIGURE.exec(block.innerHTML);
  const url = block.attrs?.url;
  if (!figure || block.innerBlocks.length > 0 || typeof url !== 'string' || htmlBody(figure[1]).textContent !== url) return null;
  const provider = RENAMED_PROVIDERS[slug] ?? slug;
  const attributes: Record<string, unknown> = { ...block.attrs, providerNameSlug: provider, ...(UNRESPONSIVE.includes(slug) ? {} : { responsive: true }) };
  if (!Object.keys(attributes).every((name) => EMBED_ATTRIBUTES.includes(name)) || typeof attributes.align === 'string') return null;
  const type = typeof attributes.type === 'string' ? attributes.type : '';
  const written = ['wp-block-embed', ...(type ? [`is-type-${type}`] : []), `is-provider-${provider}`, `wp-block-embed-${provider}`];
  // The old block's own class (wp-block-embed-<slug>) is one the current save writes too, or no class of the block's.
  attributes.className = customClassName(block.innerHTML, [...written, `wp-block-embed-${slug}`]);
  const caption = figure[2] ? `<figcaption class="wp-element-caption">${figure[2]}</figcaption>` : '';
  const classes = [...written, ...(attributes.className ? [String(attributes.className)] : [])].join(' ');
  return blockMarkup('embed', inDeclaredOrder(attributes, EMBED_ATTRIBUTES), `<figure class="${classes}"><div class="wp-block-embed__wrapper">\n${figure[1]}\n</div>${caption}</figure>`);
}

/** An embed captioned before its caption had a class (wp-element-caption, WordPress 6.1): its figure and wrapper, its URL, its caption. */
const CAPTIONED_EMBED = /^\s*(<figure class="wp-block-embed[^"]*"><div class="wp-block-embed__wrapper">)\s*([^<]*?)\s*<\/div><figcaption>([\s\S]*?)<\/figcaption><\/figure>\s*$/;

/** The embed with its caption's class, as its deprecation migrates it (the rest as the save wrote it then and writes it now). */
function embedCaptionedBefore61(block: ParsedBlock): string | null {
  const figure = CAPTIONED_EMBED.exec(block.innerHTML);
  const attributes = (block.attrs ?? {}) as Record<string, unknown>;
  if (!figure || block.innerBlocks.length > 0 || typeof attributes.url !== 'string' || htmlBody(figure[2]).textContent !== attributes.url) return null;
  if (!Object.keys(attributes).every((name) => EMBED_ATTRIBUTES.includes(name))) return null;
  return blockMarkup('embed', inDeclaredOrder(attributes, EMBED_ATTRIBUTES), `${figure[1]}\n${figure[2]}\n</div><figcaption class="wp-element-caption">${figure[3]}</figcaption></figure>`);
}

/**
 * The block's markup in its current form, when it or a block in it is an older form the editor
 * migrates; else null (`source`: the block's exact markup). For a block alone or in a container the
 * editor migrates: a paragraph aligned by its class is migrated too.
 */
export function currentForm(block: ParsedBlock, source: string): string | null {
  return (block.blockName === 'core/paragraph' ? paragraphAlignedByClass(block) : null) ?? currentFormInContainer(block, source);
}

/**
 * Containers with older forms the editor does not all migrate (a cover's, older-cover*.ts), and
 * whether one is in its current form (its own HTML exactly what the current save writes for its
 * attributes). One that is neither migrated nor current may be such a form, so its inner blocks
 * stay as written (each migrates on its own edit) rather than saved current inside a container
 * left in its older form.
 */
const IN_CURRENT_FORM: Readonly<Record<string, (block: ParsedBlock) => boolean>> = { 'core/cover': isCurrentCover };

/**
 * The same for a block in a container kept as written, which may be an older form the editor does
 * not know: a paragraph aligned by its class stays as written there (migrated alone, it would leave
 * the container unlike the block editor's save, which migrates both). A container holding an older
 * form at any depth, this one included, is migrated whole: the block editor migrates every block as
 * it opens a post, so the first edit anywhere in the container saves all of its blocks current.
 */
export function currentFormInContainer(block: ParsedBlock, source: string): string | null {
  const current = IN_CURRENT_FORM[block.blockName ?? ''] ?? (() => true);
  return ownCurrentForm(block, source) ?? (current(block) ? withOlderInnerBlocks(block, source, currentForm) : null);
}

/** The block's markup in its current form, when it is itself an older form the editor migrates; else null. */
function ownCurrentForm(block: ParsedBlock, source: string): string | null {
  const name = block.blockName ?? '';
  if (name === 'core/quote') return currentQuote(block);
  if (name === 'core/heading') return currentHeading(block);
  if (name.startsWith('core-embed/')) return currentEmbed(block);
  if (name === 'core/embed') return embedCaptionedBefore61(block);
  if (name === 'core/button') return currentButton(block) ?? buttonWithTypographyOnLink(block) ?? buttonWithRadiusInPixels(block) ?? buttonOfLinkAlone(block);
  if (name === 'core/list') return currentList(block);
  if (name === 'core/separator') return currentSeparator(block);
  if (name === 'core/file') return currentFile(block);
  if (name === 'core/verse') return currentVerse(block);
  if (name === 'core/paragraph') return currentParagraph(block);
  if (name === 'core/gallery') return currentGallery(block) ?? galleryOfImagesAsSaved(block, source, currentForm);
  if (name === 'core/cover') return withInnerBlocksAsSaved(currentCover(block, source) ?? coverOfOlderWrapper(block, source), currentForm) ?? coverOfTitle(block);
  if (name === 'core/cover-image') return coverOfTitle(block);
  if (name === 'core/group') return withInnerBlocksAsSaved(currentGroup(block, source), currentForm);
  if (name === 'core/buttons') return withInnerBlocksAsSaved(currentButtons(block, source), currentForm);
  if (name === 'core/media-text') return withInnerBlocksAsSaved(currentMediaText(block, source), currentForm);
  if (name === 'core/audio') return currentAudio(block);
  if (name === 'core/video') return currentVideo(block);
  if (name === 'core/image') return currentImage(block);
  if (name === 'core/columns') return currentColumns(block);
  if (name === 'core/pullquote') return currentPullquote(block);
  if (name === 'core/spacer') return currentSpacer(block);
  if (name === 'core/text') return currentText(block);
  if (name === 'core/table') return currentTable(block);
  if (name === 'core/query') return currentQuery(block, source, currentForm);
  if (name === 'core/query-pagination') return currentQueryPagination(block, source, currentForm);
  return currentName(block, source);
}
