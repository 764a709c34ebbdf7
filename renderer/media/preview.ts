// Draws the image as it will be after the flips and rotation, scaled down for the screen,
// so the crop is chosen on exactly what the site will crop.
import { rotatedSize } from './edit-modifiers.ts';

const PREVIEW_MAX = 1600;

export function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The image could not be loaded for editing.'));
    image.src = url;
  });
}

export async function renderPreview(image: HTMLImageElement, flipHorizontal: boolean, flipVertical: boolean, rotation: number): Promise<string> {
  const scale = Math.min(1, PREVIEW_MAX / Math.max(image.naturalWidth, image.naturalHeight));
  const width = image.naturalWidth * scale;
  const height = image.naturalHeight * scale;
  const box = rotatedSize(width, height, rotation);
  const canvas = document.createElement('canvas');
  canvas.width = box.width;
  canvas.height = box.height;
  const context = canvas.getContext('2d')!;
  context.translate(box.width / 2, box.height / 2);
  context.rotate((rotation * Math.PI) / 180);
  // Flips happen before the rotation, as the site applies them.
  context.scale(flipHorizontal ? -1 : 1, flipVertical ? -1 : 1);
  context.drawImage(image, -width / 2, -height / 2, width, height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('The preview could not be drawn.');
  return URL.createObjectURL(blob);
}
