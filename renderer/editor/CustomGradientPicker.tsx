// A custom gradient for a block's background (or a cover's overlay), as the block editor's
// custom gradient picker makes one: its type (linear or radial), a linear one's angle, and two
// or more colour stops, each a colour at a position; every change is applied as it is made, as
// there, and written as that picker writes it (renderer/blocks/custom-gradient.ts). It starts
// from the block's custom gradient, or from the picker's default one. It opens from its button
// under the background's choice (a button, not a disclosure inside the colours' own).
import { useRef, useState } from 'react';
import {
  DEFAULT_ANGLE, FIRST_LINEAR_ANGLE, addedStop, fieldColour, gradientCss, isCustomGradient, readGradient, withStops, withType,
  type CustomGradient, type GradientStop, type GradientType,
} from '../blocks/custom-gradient.ts';

interface Props {
  /** Its name for screen readers, the background's ("Group background" …). */
  label: string;
  /** The background choice held: a custom gradient's CSS value, or anything else. */
  value: string;
  onChoose(css: string): void;
}

/** A number field's value, or null while it holds no number. */
const numberIn = (field: HTMLInputElement) => (field.value.trim() === '' || Number.isNaN(field.valueAsNumber) ? null : field.valueAsNumber);

export function CustomGradientPicker({ label, value, onChoose }: Props) {
  const [open, setOpen] = useState(false);
  const gradient = readGradient(isCustomGradient(value) ? value : '');
  // The angle a gradient turned linear again takes: the last it had, as the block editor's picker keeps it.
  const lastAngle = useRef(FIRST_LINEAR_ANGLE);
  if (gradient.type === 'linear-gradient' && gradient.angle !== null) lastAngle.current = gradient.angle;
  const choose = (next: CustomGradient) => onChoose(gradientCss(next));
  const setStops = (stops: readonly GradientStop[]) => choose(withStops(gradient, stops));
  const setStop = (index: number, change: Partial<GradientStop>) => setStops(gradient.stops.map((stop, at) => (at === index ? { ...stop, ...change } : stop)));
  return (
    <div className="gradient-picker">
      <button type="button" aria-expanded={open} onClick={() => setOpen(!open)}>Custom gradient</button>
      {open && (
        <div className="gradient-picker-panel" role="group" aria-label={`${label}: custom gradient`}>
          {/* The stops on a horizontal bar, as the block editor's gradient bar shows them. */}
          <div className="gradient-picker-bar" aria-hidden="true" style={{ background: gradientCss({ ...gradient, type: 'linear-gradient', angle: 90 }) }} />
          <label>Type{' '}
            <select value={gradient.type} onChange={(event) => choose(withType(gradient, event.target.value as GradientType, lastAngle.current))}>
              <option value="linear-gradient">Linear</option>
              <option value="radial-gradient">Radial</option>
            </select>
          </label>
          {gradient.type === 'linear-gradient' && (
            <label>Angle{' '}
              <input type="number" min={0} max={360} step={1} className="gradient-angle" value={gradient.angle ?? DEFAULT_ANGLE}
                onChange={(event) => { const angle = numberIn(event.currentTarget); if (angle !== null) choose({ ...gradient, angle }); }} />°
            </label>
          )}
          {gradient.stops.map((stop, index) => (
            <span key={index} className="gradient-stop" role="group" aria-label={`Colour stop ${index + 1}`}>
              {/* Committed when the writer closes the colour picker (change), not at each step of a drag (input). */}
              <input type="color" aria-label={`Colour stop ${index + 1} colour`} defaultValue={fieldColour(stop.colour)} key={stop.colour}
                ref={(field) => { if (field) field.onchange = () => setStop(index, { colour: field.value }); }} />
              <input type="number" min={0} max={100} step={1} aria-label={`Colour stop ${index + 1} position`} value={stop.position}
                onChange={(event) => { const position = numberIn(event.currentTarget); if (position !== null && position >= 0 && position <= 100) setStop(index, { position }); }} />%
              {gradient.stops.length > 2 && <button type="button" className="gradient-stop-remove" onClick={() => setStops(gradient.stops.filter((_stop, at) => at !== index))}>Remove</button>}
            </span>
          ))}
          <button type="button" onClick={() => setStops([...gradient.stops, addedStop(gradient.stops)])}>Add colour stop</button>
        </div>
      )}
    </div>
  );
}
