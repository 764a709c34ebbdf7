// The crop area over a live preview: the untouched image, flipped and turned by CSS inside
// a box the size of its rotated bounding box, so the crop handles frame exactly what the
// site will crop (percentages of that box).
import ReactCrop from 'react-image-crop';
import 'react-image-crop/dist/ReactCrop.css';
import { placementInBox, previewTransform, type EditState, type PercentRegion } from './edit-modifiers.ts';
import { boundingBox, type Size } from '../../shared/edit-geometry.ts';

interface Props {
  src: string;
  natural: Size;
  edit: EditState;
  aspect: number | undefined;
  /** 1 fits the stage; more enlarges the image, and the stage scrolls. */
  zoom: number;
  onCrop(crop: PercentRegion): void;
}


export function CropStage({ src, natural, edit, aspect, zoom, onCrop }: Props) {
  const box = boundingBox(natural, edit.rotation);
  const placement = placementInBox(natural, edit.rotation);
  return (
    <div className="crop-stage">
      <ReactCrop
        crop={edit.crop ? { unit: '%', ...edit.crop } : undefined}
        aspect={aspect}
        keepSelection
        ruleOfThirds
        onChange={(_pixels, { x, y, width, height }) => onCrop({ x, y, width, height })}
      >
        <div
          className="crop-box"
          style={{
            // The stage is a size container taking the dialog's height left by its controls:
            // at zoom 1 the image fits its width (cqw) and its height (cqh), whatever the window.
            width: `calc(${zoom} * min(100cqw, ${box.width / box.height} * 100cqh))`,
            aspectRatio: `${box.width} / ${box.height}`,
          }}
        >
          <img
            src={src}
            alt="Preview of the edited image"
            draggable={false}
            style={{
              left: `${placement.x}%`,
              top: `${placement.y}%`,
              width: `${placement.width}%`,
              height: `${placement.height}%`,
              transform: previewTransform(edit),
            }}
          />
        </div>
      </ReactCrop>
    </div>
  );
}
