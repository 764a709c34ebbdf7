// The screens loaded when first opened, so the first screen, the posts list, loads quickly: the
// editor (its block definitions, ProseMirror, the block editor's parsers), the media library, the
// sites and the settings. The editor, the next screen a writer most often opens, is fetched as
// soon as the first screen is shown, so opening a post seldom waits for it.
import { useEffect } from 'react';
import { onDemand } from '../components/on-demand.tsx';

export const EditorScreen = onDemand(async () => (await import('../screens/EditorScreen.tsx')).EditorScreen, 'Loading the editor…');
export const MediaLibrary = onDemand(async () => (await import('../media/MediaLibrary.tsx')).MediaLibrary, 'Loading the media library…');
export const SitesScreen = onDemand(async () => (await import('../screens/SitesScreen.tsx')).SitesScreen, 'Loading the sites…');
export const SettingsScreen = onDemand(async () => (await import('../settings/SettingsScreen.tsx')).SettingsScreen, 'Loading the settings…');

/** Fetches the editor once the first screen is shown (effects run after its paint). */
export function usePreloadedEditor(): void {
  useEffect(() => EditorScreen.preload(), []);
}
