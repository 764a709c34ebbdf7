// Commands from the desktop shell's native menu (absent in browser mode).
import { useEffect } from 'react';
import type { DesktopBridge } from '../../shared/desktop-bridge.ts';
import { navigate } from '../routing/routes.ts';
import { SAVE_EVENT } from '../editor/save-event.ts';

declare global {
  interface Window {
    inkwell?: DesktopBridge;
  }
}

export function useDesktopMenu(): void {
  useEffect(() => {
    return window.inkwell?.onMenuCommand((command) => {
      switch (command) {
        case 'new-post': return navigate({ screen: 'edit', kind: 'posts', id: null });
        case 'new-page': return navigate({ screen: 'edit', kind: 'pages', id: null });
        case 'show-posts': return navigate({ screen: 'list', kind: 'posts' });
        case 'show-pages': return navigate({ screen: 'list', kind: 'pages' });
        case 'show-media': return navigate({ screen: 'media' });
        case 'save': return void window.dispatchEvent(new Event(SAVE_EVENT));
      }
    });
  }, []);
}
