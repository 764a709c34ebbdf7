// The crop and the scale in pixels, beside the visual crop and in step with it: X, Y, width
// and height of the crop in the image as it stands after the flips and the turn, and the size
// the cropped image is scaled down to, keeping its shape. What cannot be made (outside the
// image, no size, not a whole number) is said and not applied; the last good crop stands.
import { useState } from 'react';
import { cropInPixels, pixelCropProblem, scaledSize, type EditState, type PercentRegion } from './edit-modifiers.ts';
import { turnedSize, type Size } from '../../shared/edit-geometry.ts';

interface Props {
  edit: EditState;
  natural: Size;
  /** A crop in pixels of the turned image that can be made. */
  onCrop(region: PercentRegion, size: Size): void;
  /** The share of the cropped image kept (null: its own size). */
  onScale(scale: number | null): void;
}

/** What was typed as a number of pixels: NaN unless it is a whole number (a sign allowed, so "-5" is refused for what it is). */
const pixels = (typed: string) => (/^\s*[-+]?\d+\s*$/.test(typed) ? Number(typed) : Number.NaN);

export function NumericCrop({ edit, natural, onCrop, onScale }: Props) {
  const size = turnedSize(natural, edit.rotation);
  const crop = cropInPixels(edit.crop, size);
  const scaled = scaledSize(edit, natural);
  // The problem with what was typed last, for the crop it was typed on: a drag that moves the crop ends it.
  const [problem, setProblem] = useState<{ text: string; basis: string } | null>(null);
  const basis = JSON.stringify([crop, scaled]);

  const typeCrop = (side: keyof PercentRegion, typed: string) => {
    const next = { ...crop, [side]: pixels(typed) };
    const why = pixelCropProblem(next, size);
    setProblem(why ? { text: why, basis } : null);
    if (!why) onCrop(next, size);
  };
  const typeScale = (side: 'width' | 'height', typed: string) => {
    const value = pixels(typed);
    const whole = crop[side];
    const why = !Number.isInteger(value) || value < 1
      ? `The scaled ${side} is a whole number of pixels, at least 1.`
      : value > whole ? `Scaling only makes the image smaller: its ${side} is at most ${whole} pixels.` : null;
    setProblem(why ? { text: why, basis } : null);
    if (!why) onScale(value === whole ? null : value / whole);
  };

  return (
    <fieldset className="numeric-crop">
      <legend>Crop and scale in pixels</legend>
      <span className="muted">Image after turning: {size.width}×{size.height}</span>
      <PixelField label="X" value={crop.x} onType={(typed) => typeCrop('x', typed)} />
      <PixelField label="Y" value={crop.y} onType={(typed) => typeCrop('y', typed)} />
      <PixelField label="Crop width" value={crop.width} onType={(typed) => typeCrop('width', typed)} />
      <PixelField label="Crop height" value={crop.height} onType={(typed) => typeCrop('height', typed)} />
      <PixelField label="Scale to width" value={scaled.width} onType={(typed) => typeScale('width', typed)} />
      <PixelField label="Scale to height" value={scaled.height} onType={(typed) => typeScale('height', typed)} />
      {problem?.basis === basis && <p className="field-problem" role="alert">{problem.text}</p>}
    </fieldset>
  );
}

/** A number of pixels as typed; it shows the editor's value again whenever that changes (a drag, an undo). */
function PixelField({ label, value, onType }: { label: string; value: number; onType(typed: string): void }) {
  const [typed, setTyped] = useState(String(value));
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setTyped(String(value));
  }
  return (
    <label>
      {label}
      <input
        type="text"
        inputMode="numeric"
        size={6}
        value={typed}
        aria-invalid={pixels(typed) !== value}
        onChange={(event) => {
          setTyped(event.target.value);
          onType(event.target.value);
        }}
      />
    </label>
  );
}
