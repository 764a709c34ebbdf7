// The formatting toolbar sticks just under the editor's bar, however tall the bar is (it wraps
// on a narrow window): the bar's height is kept in --editor-bar-height for styles.css.
import { useEffect, type RefObject } from 'react';

export function useBarHeight(bar: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = bar.current;
    if (!element) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty('--editor-bar-height', `${element.offsetHeight}px`));
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--editor-bar-height');
    };
  }, [bar]);
}
