// The block's own toolbar, under the formatting toolbar and in view with it: the settings of the
// block the writer is in, as the block editor's block toolbar offers them: a heading's level, a
// paragraph's or heading's text alignment, its text and background colours (in a menu) and its font size from the site's presets, the colours of a
// block holding blocks, a button and a pullquote, a selected dynamic block's main settings, a block's own alignment (an image, a gallery, a cover,
// media & text, a group, columns, details), a list bulleted or numbered, a quote's citation, how
// many columns, a details block open by default, a table's header row, a More block's hidden excerpt,
// and Insert before / Insert after (Ctrl+Alt+T, Ctrl+Alt+Y), which open an empty line beside the
// block for the inserter, and the Options menu (Duplicate, Delete). Alt+F10 or Shift+Tab in the text takes the keyboard to it, as in the block editor
// (the arrows or Tab along it: toolbar-arrows.ts; Escape back to the text). It keeps one line of one height whatever the block, so the text never moves under the writer's
// click, and ends inside the writing column: what does not fit folds into the Options menu (toolbar-fit.ts).
// First on it, "Transform to" turns the block into another, as the block editor's block switcher does (block-transforms.ts).
import { useEditorState, type Editor } from '@tiptap/react';
import { NodeSelection, type EditorState, type Transaction } from '@tiptap/pm/state';
import { useEffect, useRef, useState, type ReactElement } from 'react';
import type { TextAlign } from '../blocks/block-align.ts';
import { fontSizeOf, linkColourOf } from '../blocks/text-colours.ts';
import { DYNAMIC_BLOCKS } from '../blocks/dynamic-blocks.ts';
import { BULLET_LIST_NODE, ORDERED_LIST_NODE } from '../blocks/list-block.ts';
import { HEADING_NODE } from '../blocks/heading-block.ts';
import { DEFINED_ALIGNMENTS } from '../blocks/defined-blocks.ts';
import { MOST_COLUMNS, alignablesAt, columnsAt, detailsAt, dynamicBlockAt, moreAt, quoteAt, setBlockAlign, setCitation, setColumnCount, setDetailsOpen, setDynamicAttributes, setFontSize, setHeaderRow, setNoTeaser, setTextAlign, setTextColour, tableAt, textBlockAt } from './block-settings.ts';
import { COLOURED_BLOCKS, backgroundChoiceOf, colouredBlocksAt, setBlockColour, textChoiceOf } from './block-colours.ts';
import { ColourChoice, FontSizeChoice, paletteColours, swatchOf } from './ColourChoices.tsx';
import { useSitePalette } from './useSitePalette.ts';
import { paletteStyleSheet } from './palette-style.ts';
import { coverImageColour } from './cover-image-colour.ts';
import { DynamicBlockSettings } from './DynamicBlockSettings.tsx';
import { Icon } from './toolbar-icons.tsx';
import { arrowAlong } from './toolbar-arrows.ts';
import { blockBeside, lineBeside, type Side } from './insert-beside.ts';
import { ariaKeys, keys } from './shortcut-keys.ts';
import { focusBlockToolbar, focusEmptyLinePlus, focusText, chainInText } from './focus-text.ts';
import { BlockOptions } from './BlockOptions.tsx';
import { MenuButton } from './MenuButton.tsx';
import { applyChange } from './block-options.ts';
import { spannedCount, transformBlock, transformsAt } from './block-transforms.ts';
import { foldedKeys, useToolbarFit } from './toolbar-fit.ts';
import { IMAGE_BLOCK } from '../blocks/image-block.ts';
import { GALLERY_BLOCK } from '../blocks/gallery.ts';
import { MEDIA_TEXT_BLOCK } from '../blocks/media-text-block.ts';
import { COVER_BLOCK } from '../blocks/cover-block.ts';
import { titleOf } from './document-outline.ts';

const BLOCK_TITLES: Readonly<Record<string, string>> = {
  [IMAGE_BLOCK]: 'Image', [GALLERY_BLOCK]: 'Gallery', [MEDIA_TEXT_BLOCK]: 'Media & text',
  ...Object.fromEntries(Object.entries(DEFINED_ALIGNMENTS).map(([name, { title }]) => [name, title])),
};
const ALIGN_LABELS: Readonly<Record<string, string>> = { '': 'None', left: 'Left', center: 'Centre', right: 'Right', wide: 'Wide', full: 'Full width' };
const INSERT_BESIDE: readonly [Side, string, string, string][] = [['before', 'Insert before', 'Ctrl+Alt+T', 'insertBefore'], ['after', 'Insert after', 'Ctrl+Alt+Y', 'insertAfter']];
const TEXT_ALIGNS: readonly [Exclude<TextAlign, ''>, string, string][] = [['left', 'alignLeft', 'Align text left'], ['center', 'alignCenter', 'Align text centre'], ['right', 'alignRight', 'Align text right']];

/** What the toolbar shows of the selection's blocks (plain data: the toolbar re-renders only when it changes). */
function settingsOf(editor: Editor) {
  const { state } = editor;
  const text = textBlockAt(state);
  const list = editor.isActive(ORDERED_LIST_NODE) ? 'ordered' : editor.isActive(BULLET_LIST_NODE) ? 'bullet' : null;
  // The innermost two: an image and its gallery, a paragraph's group and columns.
  const alignables = alignablesAt(state).slice(0, 2).map(({ position, name, options, align }) => ({ position, name, options, align }));
  const detailsOpen = detailsAt(state)?.open ?? null;
  const header = tableAt(state)?.header ?? null;
  const noTeaser = moreAt(state)?.noTeaser ?? null;
  const coloured = colouredBlocksAt(state).slice(0, 2);
  const dynamic = dynamicBlockAt(state);
  // A block selected whole (by the arrows: block-arrows.ts) that has none of these settings is named as the list view names it.
  const selected = state.selection instanceof NodeSelection ? titleOf(state.selection.node) : null;
  const title = text ? (text.block === HEADING_NODE ? 'Heading' : 'Paragraph') : list ? 'List' : header !== null ? 'Table' : dynamic ? DYNAMIC_BLOCKS[dynamic.name].title : alignables[0] ? BLOCK_TITLES[alignables[0].name] : coloured[0] ? COLOURED_BLOCKS[coloured[0].name].title : detailsOpen !== null ? 'Details' : noTeaser !== null ? 'More' : selected;
  const quote = quoteAt(state);
  return {
    besideBlock: blockBeside(state) !== null, spanned: spannedCount(state), title, text: text && { block: text.block, level: Number(text.node.attrs.level ?? 0), align: text.align, ...looksOf(text.node.attrs.blockAttributes) }, list, alignables, coloured,
    dynamic: dynamic && { name: dynamic.name, attributes: dynamic.attributes },
    quote: quote && { citation: quote.citation, formatted: quote.formatted }, columns: columnsAt(state)?.count ?? null, detailsOpen, header, noTeaser,
  };
}

/** A text block's colours as choices, and its font size. */
function looksOf(attributes: unknown) {
  const held = (attributes && typeof attributes === 'object' ? attributes : null) as Record<string, unknown> | null;
  return { textColour: textChoiceOf(held), background: backgroundChoiceOf(held), link: linkColourOf(held), fontSize: fontSizeOf(held) };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function BlockToolbar({ editor }: { editor: Editor }) {
  const settings = useEditorState({ editor, selector: ({ editor: current }) => settingsOf(current), equalityFn: same });
  /** Each return to the text closes the Options menu (a new one), where a folded setting may have been chosen. */
  const [returns, setReturns] = useState(0);
  /** A change made; the writer goes back to the text, except from a field they may type on in. */
  const apply = (tr: Transaction | null, backToText = true) => {
    if (tr) editor.view.dispatch(tr);
    if (backToText) {
      focusText(editor);
      setReturns((count) => count + 1);
    }
  };
  const keepFocus = (event: { preventDefault(): void }) => event.preventDefault();
  /** Escape closes the open colour menu the keyboard is in, back on its button, as the block editor's popovers do; from elsewhere on the toolbar it goes back to the text. */
  const closeOrLeave = (from: HTMLElement) => {
    const menu = from.closest('details');
    if (menu?.open) {
      menu.open = false;
      menu.querySelector('summary')?.focus();
    } else focusText(editor);
  };
  const own = useRef<HTMLDivElement>(null);
  const palette = useSitePalette();
  const colours = paletteColours(palette);
  useEffect(() => {
    const toToolbar = (event: KeyboardEvent) => {
      // Alt+F10, and Shift+Tab the text has no use for (a list item's outdent comes first), as in
      // the block editor, where the block toolbar is the tab stop before the block; before an
      // empty line that stop is its "+" (the block editor shows its inserter there instead).
      const shiftTab = event.key === 'Tab' && event.shiftKey && !event.altKey && !event.ctrlKey && !event.metaKey && !event.defaultPrevented;
      if (!(event.altKey && event.key === 'F10') && !shiftTab) return;
      if ((shiftTab && focusEmptyLinePlus(editor, 'Shift+Tab')) || focusBlockToolbar(own.current)) event.preventDefault();
    };
    const text = editor.view.dom;
    text.addEventListener('keydown', toToolbar);
    return () => text.removeEventListener('keydown', toToolbar);
  }, [editor]);
  /** The toolbar's copy of a dynamic block's settings is named apart from the block's own ("Query loop main settings"), so each is found by its name. */
  const nameMainSettings = (span: HTMLSpanElement | null) => {
    if (settings.dynamic) span?.querySelector('fieldset')?.setAttribute('aria-label', `${DYNAMIC_BLOCKS[settings.dynamic.name].title} main settings`);
  };
  const { besideBlock, title, text, list, alignables, coloured, dynamic, quote, columns, detailsOpen, header, noTeaser } = settings;
  /** The block's settings, in the order they show; the last fold first into the Options menu when the line is full. */
  const groups: ReactElement[] = [];
  // Drawn again when the toolbar's settings change (another block, or more blocks selected); the transform is worked out afresh when chosen.
  const transforms = transformsAt(editor.state);
  if (transforms.length > 0) {
    groups.push(
      <span key="transform" className="block-toolbar-group">
        <MenuButton label="Transform to" icon="transform" items={transforms.map(({ to, title }) => ({ label: title, run: () => { applyChange(editor.view, (state) => transformBlock(state, to)); focusText(editor); } }))} />
      </span>,
    );
  }
  if (text?.block === HEADING_NODE) {
    groups.push(
      <span key="level" className="block-toolbar-group" role="group" aria-label="Heading level">
        {[1, 2, 3, 4, 5, 6].map((level) => (
          <button key={level} type="button" className="icon-button" aria-pressed={text.level === level} aria-label={`Heading ${level}`} data-tooltip={`Heading ${level}`}
            onMouseDown={keepFocus} onClick={() => chainInText(editor).setHeading({ level: level as 1 | 2 | 3 | 4 | 5 | 6 }).run()}>H{level}</button>
        ))}
      </span>,
    );
  }
  if (text) {
    groups.push(
      <span key="text-align" className="block-toolbar-group" role="group" aria-label="Text alignment">
        {TEXT_ALIGNS.map(([align, icon, label]) => (
          // Pressed again, the alignment goes back to the text's own, as in the block editor.
          <button key={align} type="button" className="icon-button" aria-pressed={text.align === align} aria-label={label} data-tooltip={label}
            onMouseDown={keepFocus} onClick={() => apply(setTextAlign(editor.state, text.align === align ? '' : align))}><Icon name={icon} /></button>
        ))}
      </span>,
      // The text's colours open from one button, its letter as it reads, so a paragraph's settings keep to one line.
      // It closes once the writer is back in the text, so it never stays over the words.
      <details key="text-colours" className="block-toolbar-group colour-menu" onBlur={(event) => { if (!event.currentTarget.contains(event.relatedTarget)) event.currentTarget.open = false; }}>
        <summary><span className="colour-swatch colour-swatch-text" aria-hidden="true" style={{ color: swatchOf(text.textColour), background: swatchOf(text.background) }}>A</span> <span className="colour-menu-words">{title} colours</span></summary>
        <div className="colour-menu-panel">
          <ColourChoice part="text" label="Text colour" none="No text colour" value={text.textColour} behind={swatchOf(text.background)} onChoose={(choice) => apply(setTextColour(editor.state, 'text', choice))} />
          <ColourChoice part="background" label="Background" none="No background" value={text.background} onChoose={(choice) => apply(setTextColour(editor.state, 'background', choice))} />
          {palette.link && <ColourChoice part="link" label="Link colour" none="No link colour" value={text.link} behind={swatchOf(text.background)} onChoose={(choice) => apply(setTextColour(editor.state, 'link', choice))} />}
        </div>
      </details>,
      <FontSizeChoice key="font-size" value={text.fontSize.slug} custom={text.fontSize.custom} onChoose={(slug) => apply(setFontSize(editor.state, slug))} />,
    );
  }
  if (dynamic) {
    groups.push(
      <span key="dynamic" className="block-toolbar-group block-toolbar-dynamic" ref={nameMainSettings}>
        <DynamicBlockSettings name={dynamic.name} attributes={dynamic.attributes} onChange={(next) => apply(setDynamicAttributes(editor.state, next), false)} />
      </span>,
    );
  }
  for (const { position, name, text: textColour, background, link } of coloured) {
    const { title: blockTitle } = COLOURED_BLOCKS[name];
    const backgroundLabel = name === COVER_BLOCK ? 'overlay' : 'background';
    groups.push(
      // A block's colours open from its button, so the toolbar keeps its line.
      <details key={`colours-${position}`} className="block-toolbar-group colour-menu">
        <summary><span className="colour-swatch colour-swatch-background" aria-hidden="true" data-empty={!background ? '' : undefined} style={{ background: swatchOf(background) }} /> <span className="colour-menu-words">{blockTitle} colours</span></summary>
        <div className="colour-menu-panel">
          {textColour && <ColourChoice part="text" label={`${blockTitle} text colour`} none="No text colour" value={textColour.custom ? textColour.value || 'custom' : textColour.slug} behind={swatchOf(background)} onChoose={(choice) => apply(setBlockColour(editor.state, position, 'text', choice), false)} />}
          <ColourChoice part="background" label={`${blockTitle} ${backgroundLabel}`} none={`No ${backgroundLabel}`} value={background} onChoose={(choice) => apply(setBlockColour(editor.state, position, 'background', choice, name === COVER_BLOCK ? coverImageColour(editor, position) : undefined, colours), false)} />
          {palette.link && link !== null && <ColourChoice part="link" label={`${blockTitle} link colour`} none="No link colour" value={link} behind={swatchOf(background)} onChoose={(choice) => apply(setBlockColour(editor.state, position, 'link', choice), false)} />}
        </div>
      </details>,
    );
  }
  if (list) {
    groups.push(
      <span key="list" className="block-toolbar-group" role="group" aria-label="List type">
        <button type="button" aria-pressed={list === 'bullet'} onMouseDown={keepFocus} onClick={() => list !== 'bullet' && chainInText(editor).toggleBulletList().run()}>Bulleted</button>
        <button type="button" aria-pressed={list === 'ordered'} onMouseDown={keepFocus} onClick={() => list !== 'ordered' && chainInText(editor).toggleOrderedList().run()}>Numbered</button>
      </span>,
    );
  }
  if (quote) {
    groups.push(
      // A citation with formatting is kept as written: the field shows its words only.
      <label key="citation" className="block-toolbar-group" title={quote.formatted ? 'This citation has formatting; it is kept as written.' : undefined}>
        Citation{' '}
        <input type="text" value={quote.citation} placeholder="Add a citation" readOnly={quote.formatted} onChange={(event) => apply(setCitation(editor.state, event.target.value), false)} />
      </label>,
    );
  }
  if (columns !== null) {
    groups.push(
      <label key="columns" className="block-toolbar-group">
        Number of columns{' '}
        <input type="number" min={1} max={MOST_COLUMNS} value={columns} onChange={(event) => apply(setColumnCount(editor.state, Math.round(Number(event.target.value))), false)} />
      </label>,
    );
  }
  for (const { position, name, options, align } of alignables) {
    groups.push(
      <label key={`align-${position}`} className="block-toolbar-group">
        Align {BLOCK_TITLES[name].toLowerCase()}{' '}
        <select value={align} onChange={(event) => apply(setBlockAlign(editor.state, position, event.target.value))}>
          {['', ...options].map((option) => <option key={option} value={option}>{ALIGN_LABELS[option]}</option>)}
        </select>
      </label>,
    );
  }
  const checkbox = (key: string, checked: boolean, change: (state: EditorState, on: boolean) => Transaction | null, label: string) => (
    <label key={key} className="block-toolbar-group">
      <input type="checkbox" checked={checked} onChange={(event) => apply(change(editor.state, event.target.checked))} /> {label}
    </label>
  );
  if (detailsOpen !== null) groups.push(checkbox('details-open', detailsOpen, setDetailsOpen, 'Open by default'));
  if (header !== null) groups.push(checkbox('header-row', header, setHeaderRow, 'Header row'));
  if (noTeaser !== null) groups.push(checkbox('no-teaser', noTeaser, setNoTeaser, 'Hide the excerpt on the full content page'));
  const { wordsHidden, folded } = useToolbarFit(own, settings, groups.length);
  const foldedSet = foldedKeys(groups.map((group) => String(group.key)), folded);
  const foldedGroups = groups.filter((group) => foldedSet.has(String(group.key)));
  const themeStyles = paletteStyleSheet(palette.theme, palette.gradients, palette.spacing, palette.fontSizes);
  return (
    <>
      {themeStyles && <style>{themeStyles}</style>}
      <div className="toolbar block-toolbar" role="toolbar" aria-label="Block" ref={own} data-folded={foldedGroups.length > 0 ? foldedGroups.length : undefined} data-words-hidden={wordsHidden ? '' : undefined}
        onKeyDown={(event) => {
          if (event.key === 'Escape') closeOrLeave(event.target as HTMLElement);
          else if (!own.current || !arrowAlong(own.current, event)) return;
          event.preventDefault();
        }}>
        <span className={`muted block-toolbar-title${wordsHidden ? ' visually-hidden' : ''}`}>{title ?? 'This block has no settings here.'}</span>
        {groups.filter((group) => !foldedSet.has(String(group.key)))}
        {/* The toolbar's end, always inside the column: Insert before / after, and the Options with what did not fit. */}
        <span className="block-toolbar-group block-toolbar-insert" role="group" aria-label="Insert a block">
          {besideBlock && INSERT_BESIDE.map(([side, label, shortcut, icon]) => (
            <button key={side} type="button" className="icon-button" aria-label={label} aria-keyshortcuts={ariaKeys(shortcut)} data-tooltip={`${label} (${keys(shortcut)})`}
              onMouseDown={keepFocus} onClick={() => apply(lineBeside(editor.state, side))}><Icon name={icon} /></button>
          ))}
          {(besideBlock || foldedGroups.length > 0) && <BlockOptions key={returns} editor={editor} blockActions={besideBlock} folded={foldedGroups.length > 0 ? foldedGroups : undefined} />}
        </span>
      </div>
    </>
  );
}
