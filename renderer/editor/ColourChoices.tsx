// The block toolbar's colour and size choices (BlockToolbar.tsx): the site's presets by name, as
// the block editor's pickers offer them (the theme's palette, then WordPress's default one unless
// the theme leaves it out, then the gradients for a background: useSitePalette.ts), the chosen
// one's colour beside it, and a custom colour beside the list, as the block editor's custom
// picker (written as the block editor writes it: text-colours.ts), and for a background a custom
// gradient below it (CustomGradientPicker.tsx). A custom value shows as "Custom" until another is chosen. Each select is as wide as the choice it shows (styles.css), so
// its name reads whole. The colours of a text block and of a block holding blocks (a group, a
// cover's overlay …) open from a button, so the toolbar keeps its one line.
import { DEFAULT_FONT_SIZES, DEFAULT_GRADIENTS, DEFAULT_PALETTE, presetColour, type Preset } from '../blocks/site-presets.ts';
import { GRADIENT_CHOICE, type ColourPart } from './block-settings.ts';
import { isCustomColour } from '../blocks/text-colours.ts';
import { isCustomGradient } from '../blocks/custom-gradient.ts';
import { Fragment } from 'react';
import { CustomGradientPicker } from './CustomGradientPicker.tsx';
import { useSitePalette } from './useSitePalette.ts';
import type { PaletteColour, SitePalette } from '../../shared/site-types.ts';

/** The colour a choice shows in its swatch. */
export function swatchOf(choice: string): string | undefined {
  if (!choice || choice === 'custom') return undefined;
  if (isCustomColour(choice) || isCustomGradient(choice)) return choice;
  return choice.startsWith(GRADIENT_CHOICE) ? presetColour(choice.slice(GRADIENT_CHOICE.length), 'gradient') : presetColour(choice);
}

const known = (presets: readonly Preset[], slug: string) => presets.some((preset) => preset.slug === slug);

interface ChoiceProps {
  part: ColourPart;
  /** Its name for screen readers ("Text colour", "Group background" …), the select's own. */
  label: string;
  none: string;
  /** The choice held: a palette slug, `gradient:<slug>`, a custom colour or gradient, 'custom' or ''. */
  value: string;
  /** The background behind the text's swatch, as the text reads on it. */
  behind?: string;
  onChoose(choice: string): void;
}

/** Every colour the site's palette offers, the theme's first. */
export const paletteColours = (palette: SitePalette): readonly PaletteColour[] => [...palette.theme, ...(palette.withDefault ? DEFAULT_PALETTE : [])];

/** The gradients a background is offered: the theme's, then WordPress's default ones unless the theme leaves them out. */
const paletteGradients = (palette: SitePalette): readonly Preset[] => [...(palette.gradients ?? []), ...(palette.withoutDefaultGradients ? [] : DEFAULT_GRADIENTS)];

/** The gradients as options: under the theme's and the default ones when the theme declares its own, as the block editor groups them. */
function GradientOptions({ palette }: { palette: SitePalette }) {
  const options = (gradients: readonly Preset[]) => gradients.map((preset) => <option key={preset.slug} value={`${GRADIENT_CHOICE}${preset.slug}`}>{preset.name}</option>);
  if (!palette.gradients?.length) return palette.withoutDefaultGradients ? null : <optgroup label="Gradients">{options(DEFAULT_GRADIENTS)}</optgroup>;
  return (
    <>
      <optgroup label="Theme gradients">{options(palette.gradients)}</optgroup>
      {!palette.withoutDefaultGradients && <optgroup label="Default gradients">{options(DEFAULT_GRADIENTS)}</optgroup>}
    </>
  );
}

/** The palette's colours as the block editor groups them: under Theme and Default when the theme declares its own (Default unless it leaves it out), else the default ones, unnamed. */
export function paletteGroups(palette: SitePalette): { name: string | null; colours: readonly PaletteColour[] }[] {
  if (palette.theme.length === 0) return [{ name: null, colours: DEFAULT_PALETTE }];
  return [{ name: 'Theme', colours: palette.theme }, ...(palette.withDefault ? [{ name: 'Default', colours: DEFAULT_PALETTE }] : [])];
}

/** The palette's colours as options, grouped as the block editor groups them. */
function PaletteOptions({ palette }: { palette: SitePalette }) {
  return (
    <>
      {paletteGroups(palette).map(({ name, colours }) => {
        const options = colours.map((colour) => <option key={colour.slug} value={colour.slug}>{colour.name}</option>);
        return name ? <optgroup key={name} label={name}>{options}</optgroup> : <Fragment key="">{options}</Fragment>;
      })}
    </>
  );
}

/** A custom colour's value for the colour field (which takes `#rrggbb` only). */
const FIELD_COLOUR = /^#[0-9a-f]{6}$/i;

export function ColourChoice({ part, label, none, value, behind, onChoose }: ChoiceProps) {
  const palette = useSitePalette();
  const gradient = value.startsWith(GRADIENT_CHOICE) ? value.slice(GRADIENT_CHOICE.length) : null;
  const custom = value === 'custom' || isCustomColour(value) || isCustomGradient(value);
  const unknown = value && !custom && !(gradient !== null ? known(paletteGradients(palette), gradient) : known(paletteColours(palette), value));
  return (
    <>
      <label className="block-toolbar-group">
        {/* The text's and the links' swatch is a letter in their colour on the background, as it reads. */}
        <span className={`colour-swatch colour-swatch-${part}`} aria-hidden="true" data-empty={!value ? '' : undefined}
          style={part === 'background' ? { background: swatchOf(value) } : { color: swatchOf(value), background: behind }}>{part === 'background' ? '' : 'A'}</span>
        {/* A colour chosen, its menu closes: it does not stay open over the words. */}
        <select className="colour-choice" aria-label={label} value={custom ? 'custom' : value} onChange={(event) => { event.currentTarget.closest('details')?.removeAttribute('open'); onChoose(event.target.value); }}>
          <option value="">{none}</option>
          {custom && <option value="custom" disabled>Custom</option>}
          <PaletteOptions palette={palette} />
          {part === 'background' && <GradientOptions palette={palette} />}
          {unknown && <option value={value}>{gradient ?? value}</option>}
        </select>
        {/* Committed when the writer closes the picker (change), not at each step of a drag (input). */}
        <input type="color" className="colour-custom" aria-label={`${label}: custom colour`} data-tooltip="Custom colour"
          defaultValue={FIELD_COLOUR.test(value) ? value.toLowerCase() : '#000000'} key={value}
          ref={(field) => { if (field) field.onchange = () => onChoose(field.value); }} />
      </label>
      {/* Unless the theme forbids custom gradients, as the block editor then offers no picker. */}
      {part === 'background' && !palette.withoutCustomGradients && <CustomGradientPicker label={label} value={value} onChoose={onChoose} />}
    </>
  );
}

export function FontSizeChoice({ value, custom, onChoose }: { value: string; custom: boolean; onChoose(slug: string): void }) {
  return (
    <label className="block-toolbar-group">
      <select className="size-choice" aria-label="Font size" value={custom ? 'custom' : value} onChange={(event) => onChoose(event.target.value)}>
        <option value="">Default size</option>
        {custom && <option value="custom" disabled>Custom size</option>}
        {DEFAULT_FONT_SIZES.map((size) => <option key={size.slug} value={size.slug}>{size.name}</option>)}
        {value && !known(DEFAULT_FONT_SIZES, value) && <option value={value}>{value}</option>}
      </select>
    </label>
  );
}
