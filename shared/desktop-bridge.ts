// The narrow bridge the desktop shell's preload script gives the renderer. In browser
// mode it is absent; the renderer works the same without it.

export type MenuCommand = 'new-post' | 'new-page' | 'save' | 'show-posts' | 'show-pages' | 'show-media';

export interface DesktopBridge {
  platform: string;
  /** Subscribes to commands chosen in the native menu; returns an unsubscribe function. */
  onMenuCommand(listener: (command: MenuCommand) => void): () => void;
}
