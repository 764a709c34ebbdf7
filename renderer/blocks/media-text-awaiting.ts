// Media & text holding no media yet (one just inserted): its text is written at once, as in the
// block editor, while its figure shows the placeholder's buttons (renderer/editor/awaiting-media.ts
// acts on them; the media chosen goes in as its Replace puts it, media-text-replace.ts).
import type { DOMOutputSpec } from '@tiptap/pm/model';
import { BLOCK_CONTROL } from './block-controls.ts';

/** Whether media & text's held HTML (its opening) has a figure holding no media. */
export const mediaTextAwaitsMedia = (held: string): boolean => held.includes('<figure class="wp-block-media-text__media"></figure>');

/** The attribute of the placeholder's buttons, naming what each does. */
export const AWAITING_MEDIA_ATTRIBUTE = 'data-awaiting-media';

/** The placeholder in the figure's place: Upload, Media Library, and files dropped on it (renderer/editor/file-drop.ts). */
export const AWAITING_MEDIA: DOMOutputSpec = ['div', { class: `held-media media-placeholder ${BLOCK_CONTROL}`, contenteditable: 'false', role: 'group', 'aria-label': 'Media & text' },
  ['p', { class: 'muted' }, 'Drop an image or a video here, upload one or pick one from your media library.'],
  ['div', { class: 'toolbar' },
    ['button', { type: 'button', [AWAITING_MEDIA_ATTRIBUTE]: 'upload' }, 'Upload'],
    ['input', { type: 'file', hidden: '', accept: 'image/*,video/*', 'aria-label': 'Upload an image or a video', [AWAITING_MEDIA_ATTRIBUTE]: 'file' }],
    ['button', { type: 'button', [AWAITING_MEDIA_ATTRIBUTE]: 'library' }, 'Media Library']]];
