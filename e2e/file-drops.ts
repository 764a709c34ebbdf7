// Files dropped from the desktop in the writing area, as the desktop drops them: a drop event
// whose DataTransfer holds the files, and a sound file to drop; shared by the end-to-end files that drop files.
import type { Page } from 'playwright-core';

export interface DroppedFile { name: string; type: string; base64: string }

/** Drops files on the middle of what `selector` finds in the writing area. */
export async function dropFiles(page: Page, selector: string, files: DroppedFile[]): Promise<void> {
  await page.getByRole('textbox', { name: 'Content' }).locator(selector).first().evaluate((target, dropped) => {
    const transfer = new DataTransfer();
    for (const file of dropped) transfer.items.add(new File([Uint8Array.from(atob(file.base64), (char) => char.charCodeAt(0))], file.name, { type: file.type }));
    const box = target.getBoundingClientRect();
    const at = { clientX: box.left + box.width / 2, clientY: box.top + box.height / 2 };
    for (const type of ['dragenter', 'dragover', 'drop']) target.dispatchEvent(new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true, ...at }));
  }, files);
}

/** A quarter second of silence as WAV: what the site recognises as audio by its bytes. */
export function silentWav(): Buffer {
  const samples = 2000;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + samples, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(8000, 28);
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write('data', 36);
  header.writeUInt32LE(samples, 40);
  return Buffer.concat([header, Buffer.alloc(samples, 128)]);
}
