// Older forms inside containers in their current form (issue 29): for every kind of block holding
// blocks and every older form (older-forms.ts) that may stand there by the block library's own
// rules (a block type's `parent`, a container's `allowedBlocks`), a document the block editor's
// serializer makes holding that older block beside a current one, whose words are CURRENT_WORDS.
// The block editor migrates the older block as it opens the post, so once the writer edits the
// current block, the whole container is saved as the block editor saves it then (a cover too: in
// its current form, older-forms.ts knows it from its older forms, not all of which it migrates). One
// older form of each kind: the embed's providers, the attribute sets one deprecation saved and an
// aligned paragraph's alignment and font size differ in nothing a container's migration sees.
import { blockEditor, quietly, type WpBlock } from './block-editor.ts';
import type { OlderForm } from './older-forms.ts';

/** The words of the current block beside the older one: the writer's edit goes there. */
export const CURRENT_WORDS = 'Current words';

export interface OlderInnerDocument {
  /** The container kind and the older form's name. */
  name: string;
  kind: string;
  form: OlderForm;
  markup: string;
}

interface BlockTypeRules { parent?: string[]; ancestor?: string[]; allowedBlocks?: string[] }

/** A kind of container: the block its older block stands in (`holder`), and the document made around that block (`slot`) beside a current one. */
interface ContainerKind {
  kind: string;
  holder: string;
  made(slot: WpBlock, create: (name: string, attributes?: Record<string, unknown>, inner?: WpBlock[]) => WpBlock): WpBlock;
}

const DOOR = 'https://example.com/door.jpg';
const paragraph = (create: Parameters<ContainerKind['made']>[1]) => create('core/paragraph', { content: CURRENT_WORDS });

const KINDS: ContainerKind[] = [
  { kind: 'group', holder: 'core/group', made: (slot, create) => create('core/group', { layout: { type: 'constrained' } }, [slot, paragraph(create)]) },
  { kind: 'column', holder: 'core/column', made: (slot, create) => create('core/columns', {}, [create('core/column', {}, [slot, paragraph(create)])]) },
  { kind: 'columns (the current block in the next column)', holder: 'core/column', made: (slot, create) => create('core/columns', {}, [create('core/column', {}, [slot]), create('core/column', {}, [paragraph(create)])]) },
  { kind: 'quote', holder: 'core/quote', made: (slot, create) => create('core/quote', {}, [slot, paragraph(create)]) },
  { kind: 'media & text', holder: 'core/media-text', made: (slot, create) => create('core/media-text', { mediaUrl: DOOR, mediaType: 'image', mediaId: 7 }, [slot, paragraph(create)]) },
  { kind: 'details', holder: 'core/details', made: (slot, create) => create('core/details', { summary: 'More <em>here</em>' }, [slot, paragraph(create)]) },
  { kind: 'gallery', holder: 'core/gallery', made: (slot, create) => create('core/gallery', { linkTo: 'none' }, [slot, create('core/image', { url: DOOR, id: 8, alt: '', caption: CURRENT_WORDS, sizeSlug: 'large', linkDestination: 'none' })]) },
  { kind: 'list (in an item)', holder: 'core/list-item', made: (slot, create) => create('core/list', {}, [create('core/list-item', { content: 'Holding' }, [slot]), create('core/list-item', { content: CURRENT_WORDS })]) },
  { kind: 'cover', holder: 'core/cover', made: (slot, create) => create('core/cover', { url: DOOR, id: 7, dimRatio: 50, isDark: false, align: 'full' }, [slot, paragraph(create)]) },
  { kind: 'buttons', holder: 'core/buttons', made: (slot, create) => create('core/buttons', {}, [slot, create('core/button', { text: CURRENT_WORDS, url: 'https://example.com/' })]) },
];

/** The block name the block editor reads markup of one block as (after its migration: a renamed block's new name). */
const readName = (migrated: string) => (/^<!-- wp:([a-z0-9/-]+)/.exec(migrated)?.[1] ?? '').replace(/^(?!.*\/)/, 'core/');

/** The kind of an older form, by its name (older-forms.ts): its block type and deprecation, or how it was written. */
const kindOf = (form: OlderForm) => form.name.replace(/^core-embed\/[a-z0-9-]+/, 'core-embed').replace(/(deprecation \d+), .*$/, '$1').replace(/aligned (left|center|right) by its class(, of a font size)?/, 'aligned by its class');

/** One older form of each kind in every kind of container where the block library lets it stand. */
export function olderInnerDocuments(allForms: OlderForm[]): OlderInnerDocument[] {
  const forms = [...new Map(allForms.map((form) => [kindOf(form), form])).values()];
  const wp = blockEditor();
  const rules = (name: string) => (wp.getBlockType(name) ?? {}) as BlockTypeRules;
  const standsIn = (name: string, holder: string) => {
    const { parent, ancestor } = rules(name);
    const allowed = rules(holder).allowedBlocks;
    return (!parent || parent.includes(holder)) && !ancestor && (!allowed || allowed.includes(name));
  };
  return quietly(() =>
    KINDS.flatMap(({ kind, holder, made }) => {
      // A placeholder the older block's markup replaces in the serializer's output.
      const slot = wp.createBlock('core/paragraph', { content: 'The older block stands here' });
      const around = wp.serialize([made(slot, wp.createBlock)]);
      const place = wp.serialize([slot]);
      return forms.filter((form) => standsIn(readName(form.migrated), holder)).map((form) => ({ name: `${kind} holding ${form.name}`, kind, form, markup: around.replace(place, () => form.markup) }));
    }),
  );
}

/** What the block editor saves for the document once the writer typed `typed` after the current block's words. */
export function blockEditorSave(markup: string, typed: string): string {
  const wp = blockEditor();
  return quietly(() => wp.serialize(wp.parse(markup.replace(CURRENT_WORDS, `${CURRENT_WORDS}${typed}`))));
}
