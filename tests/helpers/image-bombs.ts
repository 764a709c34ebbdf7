// Decompression bombs: small files whose headers claim huge dimensions. Each is a real
// image made by sharp with its dimension fields rewritten, as an attacker would; nothing
// here decodes them.
import zlib from 'node:zlib';
import sharp from 'sharp';

export type BombFormat = 'png' | 'jpeg' | 'gif' | 'webp' | 'tiff' | 'avif' | 'heic' | 'bmp';

function at(bytes: Buffer, text: string, from = 0): number {
  const index = bytes.indexOf(text, from, 'latin1');
  if (index < 0) throw new Error(`no ${text} in the image`);
  return index;
}

function png(bytes: Buffer, width: number, height: number): Buffer {
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  bytes.writeUInt32BE(zlib.crc32(bytes.subarray(12, 29)), 29); // IHDR's checksum
  return bytes;
}

function jpeg(bytes: Buffer, width: number, height: number): Buffer {
  for (let offset = 2; offset < bytes.length; ) {
    const marker = bytes[offset + 1];
    if (marker >= 0xc0 && marker <= 0xc2) {
      bytes.writeUInt16BE(height, offset + 5);
      bytes.writeUInt16BE(width, offset + 7);
      return bytes;
    }
    offset += 2 + bytes.readUInt16BE(offset + 2);
  }
  throw new Error('no SOF marker');
}

function gif(bytes: Buffer, width: number, height: number): Buffer {
  bytes.writeUInt16LE(width, 6);
  bytes.writeUInt16LE(height, 8);
  const descriptor = bytes.indexOf(0x2c, 13);
  bytes.writeUInt16LE(width, descriptor + 5);
  bytes.writeUInt16LE(height, descriptor + 7);
  return bytes;
}

function webp(bytes: Buffer, width: number, height: number): Buffer {
  const frame = at(bytes, 'VP8 ') + 8;
  bytes.writeUInt16LE(width & 0x3fff, frame + 6);
  bytes.writeUInt16LE(height & 0x3fff, frame + 8);
  return bytes;
}

function tiff(bytes: Buffer, width: number, height: number): Buffer {
  const ifd = bytes.readUInt32LE(4);
  for (let entry = ifd + 2, n = 0; n < bytes.readUInt16LE(ifd); n++, entry += 12) {
    const tag = bytes.readUInt16LE(entry);
    if (tag !== 256 && tag !== 257) continue;
    const value = tag === 256 ? width : height;
    if (bytes.readUInt16LE(entry + 2) === 3) bytes.writeUInt16LE(value, entry + 8);
    else bytes.writeUInt32LE(value, entry + 8);
  }
  return bytes;
}

function heif(bytes: Buffer, width: number, height: number, brand: string): Buffer {
  bytes.write(brand, 8, 'latin1'); // the major brand tells AVIF from HEIC
  const ispe = at(bytes, 'ispe') + 8;
  bytes.writeUInt32BE(width, ispe);
  bytes.writeUInt32BE(height, ispe + 4);
  return bytes;
}

/** A 24-bit bitmap whose header says `width` × `height`, holding `rows` rows of pixels (all of them when not given). */
function bmp(width: number, height: number, rows = 2): Buffer {
  const stride = Math.ceil((width * 3) / 4) * 4;
  const bytes = Buffer.alloc(54 + stride * rows, 0xc0);
  bytes.write('BM', 0, 'latin1');
  bytes.writeUInt32LE(bytes.length, 2);
  bytes.writeUInt32LE(0, 6);
  bytes.writeUInt32LE(54, 10);
  bytes.writeUInt32LE(40, 14);
  bytes.writeInt32LE(width, 18);
  bytes.writeInt32LE(height, 22);
  bytes.writeUInt16LE(1, 26);
  bytes.writeUInt16LE(24, 28);
  bytes.writeUInt32LE(0, 30);
  bytes.writeUInt32LE(stride * rows, 34);
  bytes.fill(0, 38, 54);
  return bytes;
}

/** A real bitmap of one colour, decoded in JavaScript by the site (libvips here has no BMP loader). */
export function solidBmp(width: number, height: number): Buffer {
  return bmp(width, height, height);
}

/** A small file of `format` whose header says `width` × `height`. */
export async function bomb(format: BombFormat, width: number, height: number): Promise<Buffer> {
  if (format === 'bmp') return bmp(width, height);
  const small = sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 90, g: 160, b: 200 } } });
  switch (format) {
    case 'png': return png(await small.png().toBuffer(), width, height);
    case 'jpeg': return jpeg(await small.jpeg().toBuffer(), width, height);
    case 'gif': return gif(await small.gif().toBuffer(), width, height);
    case 'webp': return webp(await small.webp({ quality: 80 }).toBuffer(), width, height);
    case 'tiff': return tiff(await small.tiff().toBuffer(), width, height);
    case 'avif': return heif(await small.avif({ effort: 0 }).toBuffer(), width, height, 'avif');
    case 'heic': return heif(await small.avif({ effort: 0 }).toBuffer(), width, height, 'heic');
  }
}

/** A real 8000 × 8000 PNG of one colour: 64 megapixels that fit in a few hundred kilobytes. */
export function realPngBomb(): Promise<Buffer> {
  return sharp({ create: { width: 8000, height: 8000, channels: 3, background: { r: 255, g: 255, b: 255 } } }).png({ compressionLevel: 9 }).toBuffer();
}
