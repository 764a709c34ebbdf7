// The block editor's own judge of a cover's darkness (compositeIsDark, from the cover block's
// editor code in @wordpress/block-library), for checking the editor's judgement against it.
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

export type CompositeIsDark = (dimRatio: number, overlay: string | undefined, behind: string) => boolean;

export async function blockEditorCompositeIsDark(): Promise<CompositeIsDark> {
  const library = path.dirname(createRequire(import.meta.url).resolve('@wordpress/block-library/package.json'));
  const utils = (await import(pathToFileURL(path.join(library, 'build-module/cover/edit/color-utils.mjs')).href)) as { compositeIsDark: CompositeIsDark };
  return utils.compositeIsDark;
}
