// The formatting toolbar's "More" menu (FormatToolbar.tsx): highlight, inline code, keyboard
// input, strikethrough, subscript and superscript, as in the block editor's rich text toolbar,
// each checked while it applies to the selection. Highlight opens its text and background colours
// (the site's palette: its theme's colours, then WordPress's default ones) in the menu's place.
import { useEditorState, type Editor } from '@tiptap/react';
import { useState } from 'react';
import { MenuButton } from './MenuButton.tsx';
import { paletteColours } from './ColourChoices.tsx';
import { useSitePalette } from './useSitePalette.ts';
import { MORE_FORMATS, selectedHighlight, setHighlight } from './more-formats.ts';
import { chainInText } from './focus-text.ts';

function HighlightColours({ editor }: { editor: Editor }) {
  // The site's palette, as the block's colour controls offer it: its theme's colours, then WordPress's default ones.
  const palette = paletteColours(useSitePalette());
  const colours = useEditorState({ editor, selector: ({ editor: current }) => selectedHighlight(current, palette), equalityFn: (a, b) => a.text === b?.text && a.background === b?.background });
  const choice = (part: 'text' | 'background', label: string) => (
    <label className="highlight-choice">
      {label}
      <select value={colours[part]} onChange={(event) => setHighlight(editor, { [part]: event.target.value }, palette)}>
        <option value="">None</option>
        {palette.map((colour) => <option key={colour.slug} value={colour.slug}>{colour.name}</option>)}
        {colours[part] && !palette.some((colour) => colour.slug === colours[part]) && <option value={colours[part]}>{colours[part]}</option>}
      </select>
    </label>
  );
  return (
    <div role="group" aria-label="Highlight" className="highlight-panel">
      {choice('text', 'Text colour')}
      {choice('background', 'Background')}
    </div>
  );
}

export function MoreFormats({ editor }: { editor: Editor }) {
  const [highlighting, setHighlighting] = useState(false);
  // Only whether each applies is watched, so typing does not re-render the menu.
  const applied = useEditorState({
    editor,
    selector: ({ editor: current }) => MORE_FORMATS.map(({ mark }) => current.isActive(mark)),
    equalityFn: (a, b) => a.every((value, index) => value === b?.[index]),
  });
  const items = MORE_FORMATS.map(({ mark, label, shortcut }, index) => ({
    label, shortcut, checked: applied[index],
    opensPanel: mark === 'highlight',
    run: () => (mark === 'highlight' ? setHighlighting(true) : chainInText(editor).toggleMark(mark).run()),
  }));
  return <MenuButton label="More formats" icon="more" items={items} panel={highlighting ? <HighlightColours editor={editor} /> : undefined} onClose={() => setHighlighting(false)} />;
}
