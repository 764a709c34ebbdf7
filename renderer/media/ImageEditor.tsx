// The image editor: crop (free or fixed aspect, with handles and zoom), rotate by 90° or
// any angle, flip, with a live preview; Save sends the edit to the site, which makes a
// new media item and leaves the original untouched.
import { useEffect, useRef, useState } from 'react';
import ReactCrop, { centerCrop, makeAspectCrop, type PercentCrop } from 'react-image-crop';
import 'react-image-crop/dist/ReactCrop.css';
import type { MediaItem } from '../../shared/site-types.ts';
import { useClient } from '../api/client-context.tsx';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { useEscape } from '../components/useEscape.ts';
import { modifiersFor, NO_EDIT, type EditState } from './edit-modifiers.ts';
import { loadImage, renderPreview } from './preview.ts';

const ASPECTS: { label: string; value: number | undefined }[] = [
  { label: 'Free', value: undefined },
  { label: '1:1', value: 1 },
  { label: '4:3', value: 4 / 3 },
  { label: '3:2', value: 3 / 2 },
  { label: '16:9', value: 16 / 9 },
];

interface Props {
  item: MediaItem;
  onSaved(item: MediaItem): void;
  onCancel(): void;
}

export function ImageEditor({ item, onSaved, onCancel }: Props) {
  const client = useClient();
  const [state, setState] = useState<EditState>(NO_EDIT);
  const [crop, setCrop] = useState<PercentCrop | undefined>();
  const [aspect, setAspect] = useState<number | undefined>();
  const [zoom, setZoom] = useState(1);
  const [source, setSource] = useState<HTMLImageElement | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  const previewImage = useRef<HTMLImageElement>(null);

  useEffect(() => {
    loadImage(item.source_url).then(setSource, setError);
  }, [item.source_url]);

  useEffect(() => {
    if (!source) return;
    let url: string | null = null;
    renderPreview(source, state.flipHorizontal, state.flipVertical, state.rotation).then((made) => {
      url = made;
      setPreview(made);
    }, setError);
    // A new orientation makes the old crop meaningless.
    setCrop(undefined);
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [source, state.flipHorizontal, state.flipVertical, state.rotation]);

  useEscape(onCancel);

  const chooseAspect = (value: number | undefined) => {
    setAspect(value);
    const image = previewImage.current;
    if (value && image) {
      const { width, height } = image;
      setCrop(centerCrop(makeAspectCrop({ unit: '%', width: 90 }, value, width, height), width, height));
    }
  };

  const rotate = (degrees: number) => setState((current) => ({ ...current, rotation: (((current.rotation + degrees) % 360) + 360) % 360 }));

  const save = async () => {
    const modifiers = modifiersFor({ ...state, crop: crop && crop.width > 0 && crop.height > 0 ? crop : null });
    if (modifiers.length === 0) {
      setError(new Error('Nothing to save: crop, rotate or flip the image first.'));
      return;
    }
    setSaving(true);
    try {
      onSaved(await client.post<MediaItem>(`cms/v2/media/${item.id}/edit`, { src: item.source_url, modifiers }));
    } catch (caught) {
      setError(caught);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="dialog-backdrop">
      <div className="dialog" role="dialog" aria-modal="true" aria-label="Edit image">
        <div className="toolbar">
          <h2 style={{ margin: 0 }}>Edit image</h2>
          <span className="muted">{item.title.rendered}</span>
        </div>
        <ErrorNotice error={error} onDismiss={() => setError(null)} />
        <div className="toolbar" role="toolbar" aria-label="Image tools">
          <button type="button" onClick={() => rotate(-90)}>Rotate left</button>
          <button type="button" onClick={() => rotate(90)}>Rotate right</button>
          <label>
            Angle{' '}
            <input type="range" min={0} max={359} step={1} aria-label="Rotation angle" value={state.rotation} onChange={(event) => setState({ ...state, rotation: Number(event.target.value) })} />
            {' '}{state.rotation}°
          </label>
          <button type="button" aria-pressed={state.flipHorizontal} onClick={() => setState({ ...state, flipHorizontal: !state.flipHorizontal })}>Flip horizontal</button>
          <button type="button" aria-pressed={state.flipVertical} onClick={() => setState({ ...state, flipVertical: !state.flipVertical })}>Flip vertical</button>
        </div>
        <div className="toolbar" role="group" aria-label="Crop shape">
          {ASPECTS.map((option) => (
            <button key={option.label} type="button" aria-pressed={aspect === option.value} onClick={() => chooseAspect(option.value)}>{option.label}</button>
          ))}
          <label>
            Zoom{' '}
            <input type="range" min={1} max={3} step={0.1} aria-label="Zoom" value={zoom} onChange={(event) => setZoom(Number(event.target.value))} />
          </label>
        </div>
        <div className="crop-stage">
          {preview ? (
            <ReactCrop crop={crop} aspect={aspect} onChange={(_, percent) => setCrop(percent)} keepSelection ruleOfThirds>
              <img ref={previewImage} src={preview} alt="Preview of the edited image" style={{ width: `${zoom * 100}%`, maxWidth: 'none' }} />
            </ReactCrop>
          ) : (
            <p className="muted">Loading the image…</p>
          )}
        </div>
        <div className="toolbar">
          <button type="button" className="primary" disabled={saving} onClick={() => void save()}>{saving ? 'Saving…' : 'Save edit'}</button>
          <button type="button" onClick={onCancel}>Cancel</button>
        </div>
      </div>
    </div>
  );
}
