// The narrow bridge the desktop shell's preload script gives the renderer. In browser
// mode it is absent; the renderer works the same without it.

export type MenuCommand = 'new-post' | 'new-page' | 'save' | 'show-posts' | 'show-pages' | 'show-media' | 'find';

/** Chromium's answer to a find in page, as Electron's 'found-in-page' gives it. */
export interface FindResult {
  /** Which match is selected, from 1; 0 when none is. */
  activeMatchOrdinal: number;
  matches: number;
  /** False while more answers to the same request follow. */
  finalUpdate: boolean;
}

export interface DesktopBridge {
  platform: string;
  /** Subscribes to commands chosen in the native menu; returns an unsubscribe function. */
  onMenuCommand(listener: (command: MenuCommand) => void): () => void;
  /** Finds `text` in the window's page: `newSearch` for changed text, else the next (or previous) match. */
  findInPage(text: string, options: { forward: boolean; newSearch: boolean }): void;
  /** Ends the find and clears its highlights. */
  stopFindInPage(): void;
  /** Subscribes to the answers of finds in page; returns an unsubscribe function. */
  onFoundInPage(listener: (result: FindResult) => void): () => void;
}
