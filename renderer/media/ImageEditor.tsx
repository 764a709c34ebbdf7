// The image editor: crop (free or fixed aspect, with handles and zoom, or typed in pixels),
// rotate by 90° or any angle, flip, scale down, with a live preview and Undo of each step. Save sends the edit to the
// site, which makes a new media item and leaves the original untouched; Cancel or Escape
// changes nothing, and asks first when there are edits to lose.
import { useCallback, useState } from 'react';
import type { MediaItem } from '../../shared/site-types.ts';
import { useClient } from '../api/client-context.tsx';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { useAction } from '../components/useAction.ts';
import { CropStage } from './CropStage.tsx';
import { Dialog } from '../components/Dialog.tsx';
import { centredCrop, cropFromPixels, modifiersFor, NO_EDIT, withRotation, type EditState } from './edit-modifiers.ts';
import { boundingBox, type Size } from '../../shared/edit-geometry.ts';
import { NumericCrop } from './NumericCrop.tsx';
import { titleOf } from './media-item.ts';
import { useNaturalSize } from './useNaturalSize.ts';
import { api } from '../../shared/api-routes.ts';

const ASPECTS: { label: string; value: number | undefined }[] = [
  { label: 'Free', value: undefined },
  { label: '1:1', value: 1 },
  { label: '4:3', value: 4 / 3 },
  { label: '3:2', value: 3 / 2 },
  { label: '16:9', value: 16 / 9 },
];

interface Props {
  item: MediaItem;
  onSaved(edited: MediaItem): void;
  onCancel(): void;
}

export function ImageEditor({ item, onSaved, onCancel }: Props) {
  const image = useNaturalSize(item.source_url);
  const [edited, setEdited] = useState(false);
  const [asking, setAsking] = useState(false);
  const leave = useCallback(() => (edited ? setAsking(true) : onCancel()), [edited, onCancel]);
  return (
    <Dialog title="Edit image" subtitle={titleOf(item)} className="image-editor" onClose={onCancel} onEscape={asking ? () => setAsking(false) : leave}>
      {asking && (
        <div className="notice notice-error" role="alert">
          <span>Discard your edits to this image? The original stays as it is either way.</span>
          <span>
            <button type="button" onClick={onCancel}>Discard edits</button>{' '}
            <button type="button" className="primary" onClick={() => setAsking(false)}>Keep editing</button>
          </span>
        </div>
      )}
      {image.size && <EditorBody item={item} natural={image.size} onSaved={onSaved} onCancel={leave} onEdited={setEdited} />}
      {!image.size && !image.error && <p className="muted">Loading the image…</p>}
      {image.error && (
        <>
          <ErrorNotice error={image.error} />
          <button type="button" onClick={onCancel}>Cancel</button>
        </>
      )}
    </Dialog>
  );
}

function EditorBody({ item, natural, onSaved, onCancel, onEdited }: Props & { natural: Size; onEdited(edited: boolean): void }) {
  const client = useClient();
  const [edit, setEditNow] = useState<EditState>(NO_EDIT);
  // Each step, so Undo goes back one at a time.
  const [steps, setSteps] = useState<EditState[]>([]);
  const setEdit = (next: EditState) => {
    setSteps([...steps, edit]);
    setEditNow(next);
    onEdited(modifiersFor(next, natural).length > 0);
  };
  const undo = () => {
    const previous = steps.at(-1);
    if (!previous) return;
    setSteps(steps.slice(0, -1));
    setEditNow(previous);
    onEdited(modifiersFor(previous, natural).length > 0);
  };
  const [aspect, setAspect] = useState<number | undefined>();
  const [zoom, setZoom] = useState(1);
  const saving = useAction();
  const modifiers = modifiersFor(edit, natural);

  const rotateTo = (degrees: number) => setEdit(withRotation(edit, degrees, aspect, natural));
  const chooseAspect = (value: number | undefined) => {
    setAspect(value);
    // Free keeps the current selection, now resizable any way; a fixed shape starts centred.
    if (value) setEdit({ ...edit, crop: centredCrop(value, boundingBox(natural, edit.rotation)) });
  };
  const reset = () => {
    setEdit(NO_EDIT);
    setAspect(undefined);
    setZoom(1);
  };

  const save = () => saving.run(async () => {
    onSaved(await client.post(api.mediaEdit(item.id), { src: item.source_url, modifiers }));
  });

  return (
    <>
      <div className="toolbar" role="toolbar" aria-label="Rotate and flip">
        <button type="button" onClick={() => rotateTo(edit.rotation - 90)}>Rotate left</button>
        <button type="button" onClick={() => rotateTo(edit.rotation + 90)}>Rotate right</button>
        <label className="inline-field">
          Angle
          <input type="range" min={-180} max={180} step={1} value={edit.rotation} onChange={(event) => rotateTo(Number(event.target.value))} />
        </label>
        <output>{edit.rotation}°</output>
        <button type="button" aria-pressed={edit.flipHorizontal} onClick={() => setEdit({ ...edit, flipHorizontal: !edit.flipHorizontal })}>Flip horizontal</button>
        <button type="button" aria-pressed={edit.flipVertical} onClick={() => setEdit({ ...edit, flipVertical: !edit.flipVertical })}>Flip vertical</button>
      </div>
      <div className="toolbar" role="toolbar" aria-label="Crop">
        <span role="group" aria-label="Crop shape" className="toolbar">
          {ASPECTS.map((option) => (
            <button key={option.label} type="button" aria-pressed={aspect === option.value} onClick={() => chooseAspect(option.value)}>{option.label}</button>
          ))}
        </span>
        <label className="inline-field">
          Zoom
          <input type="range" min={1} max={4} step={0.1} value={zoom} onChange={(event) => setZoom(Number(event.target.value))} />
        </label>
        <button type="button" disabled={steps.length === 0} onClick={undo}>Undo</button>
        <button type="button" onClick={reset}>Reset</button>
      </div>
      <CropStage src={item.source_url} natural={natural} edit={edit} aspect={aspect} zoom={zoom} onCrop={(crop) => setEdit({ ...edit, crop })} />
      <NumericCrop
        edit={edit}
        natural={natural}
        onCrop={(region, size) => {
          // Typed pixels make a shape of their own.
          setAspect(undefined);
          setEdit({ ...edit, crop: cropFromPixels(region, size) });
        }}
        onScale={(scale) => setEdit({ ...edit, scale })}
      />
      <ErrorNotice error={saving.error} onDismiss={saving.reset} />
      <div className="toolbar">
        <button type="button" className="primary" disabled={saving.busy || modifiers.length === 0} onClick={() => void save()}>{saving.busy ? 'Saving…' : 'Save edit'}</button>
        <button type="button" onClick={onCancel}>Cancel</button>
        <span className="muted">
          {modifiers.length === 0 ? 'Drag on the image to crop, type the crop in pixels, or rotate or flip it.' : 'Saving makes a new image; the original stays as it is.'}
        </span>
      </div>
    </>
  );
}
