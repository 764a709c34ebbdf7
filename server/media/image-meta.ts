// Camera metadata read from EXIF into the `image_meta` object clients expect.
import exifReader from 'exif-reader';

export interface ImageMeta {
  aperture: string;
  credit: string;
  camera: string;
  caption: string;
  created_timestamp: string;
  copyright: string;
  focal_length: string;
  iso: string;
  shutter_speed: string;
  title: string;
  orientation: string;
  keywords: string[];
}

export const EMPTY_IMAGE_META: ImageMeta = {
  aperture: '0', credit: '', camera: '', caption: '', created_timestamp: '0', copyright: '',
  focal_length: '0', iso: '0', shutter_speed: '0', title: '', orientation: '0', keywords: [],
};

const text = (value: unknown) => (typeof value === 'string' ? value.replace(/\0+$/, '').trim() : '');
const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : '0');
/** The aperture is rounded to two decimals; other values are kept whole (a 1/250 s shutter is 0.004). */
const rounded = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? String(Math.round(value * 100) / 100) : '0');

export function readImageMeta(exif: Buffer | undefined, orientation: number | undefined): ImageMeta {
  const meta = { ...EMPTY_IMAGE_META, orientation: String(orientation ?? 0) };
  if (!exif) return meta;
  let tags: ReturnType<typeof exifReader>;
  try {
    tags = exifReader(exif);
  } catch {
    return meta; // damaged EXIF is not a reason to refuse a photo
  }
  const image = tags.Image ?? {};
  const photo = tags.Photo ?? {};
  const iso = Array.isArray(photo.ISOSpeedRatings) ? photo.ISOSpeedRatings[0] : photo.ISOSpeedRatings;
  const taken = photo.DateTimeOriginal instanceof Date ? photo.DateTimeOriginal : image.DateTime instanceof Date ? image.DateTime : null;
  // As the reference implementation: a short description is the title, a long one the caption.
  const description = text(image.ImageDescription);
  const descriptionBytes = Buffer.byteLength(description);
  return {
    ...meta,
    aperture: rounded(photo.FNumber),
    credit: text(image.Artist),
    camera: text(image.Model),
    title: descriptionBytes < 80 ? description : '',
    caption: descriptionBytes > 80 ? description : '',
    created_timestamp: taken ? String(Math.floor(taken.getTime() / 1000)) : '0',
    copyright: text(image.Copyright),
    focal_length: number(photo.FocalLength),
    iso: typeof iso === 'number' ? String(iso) : '0',
    shutter_speed: number(photo.ExposureTime),
  };
}
