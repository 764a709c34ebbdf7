// Run by tests/integration/sharp-glib.test.ts in a child on Electron's Node major: 600 image
// operations through the site's own image code (edits, sub-size encodes, metadata), on a
// JPEG and a PNG, the way an upload and an edit use them. Prints what ran, as JSON.
import sharp from 'sharp';
import { applyModifiers } from '../../server/media/image-edit.ts';
import { encode, fromDecoded } from '../../server/media/image-codec.ts';

const OPERATIONS = 600;
const canvas = () => sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 120, b: 40 } } });
const sources = [{ bytes: await canvas().jpeg().toBuffer(), mime: 'image/jpeg' }, { bytes: await canvas().png().toBuffer(), mime: 'image/png' }];

let done = 0;
while (done < OPERATIONS) {
  const source = sources[done % sources.length];
  const edited = await applyModifiers(source.bytes, source.mime, [{ type: 'flip', horizontal: true, vertical: false }, { type: 'rotate', angle: 90 }, { type: 'crop', left: 10, top: 10, width: 200, height: 150 }], false);
  const thumbnail = await encode(fromDecoded(edited).resize(150), source.mime).pipeline.toBuffer();
  await encode(sharp(source.bytes).resize(300), 'image/webp').pipeline.toBuffer();
  await sharp(thumbnail).metadata();
  done += 4;
}
console.log(JSON.stringify({ operations: done, webAssembly: 'emscripten' in sharp.versions, electron: process.versions.electron ?? null }));
