// A modal dialog on the native <dialog>: it keeps focus inside, makes the screen behind it
// inert, and closes on Escape (its cancel event), as the user expects of a dialog.
import { useEffect, useRef, type ReactNode } from 'react';

interface Props {
  title: string;
  /** Shown beside the title, e.g. the item being edited. */
  subtitle?: string;
  onClose(): void;
  /** When given, Escape asks this instead of closing (e.g. "discard your changes?"). */
  onEscape?(): void;
  /** A class of its own, for a dialog laid out differently (the image editor fills the window's height). */
  className?: string;
  /** Gives the keyboard back when it closes; by default to what had it before. A dialog opened from the text gives it to the text (ProseMirror's focus keeps the caret; the element's own would not). */
  returnFocus?(): void;
  children: ReactNode;
}

export function Dialog({ title, subtitle, onClose, onEscape, className, returnFocus, children }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  // The latest, read when the dialog closes.
  const giveBack = useRef(returnFocus);
  giveBack.current = returnFocus;

  useEffect(() => {
    const element = dialog.current!;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    element.showModal();
    return () => {
      element.close();
      if (giveBack.current) giveBack.current();
      else opener?.focus();
    };
  }, []);

  return (
    <dialog
      ref={dialog}
      className={className ? `dialog ${className}` : 'dialog'}
      aria-label={title}
      onCancel={(event) => {
        if (!onEscape) return;
        event.preventDefault();
        onEscape();
      }}
      onClose={(event) => {
        // Escape closed it. (A close left over from a remount finds it open again: ignore that.)
        if (!event.currentTarget.open) onClose();
      }}
    >
      <div className="toolbar">
        <h2 className="dialog-title">{title}</h2>
        {subtitle && <span className="muted">{subtitle}</span>}
      </div>
      {children}
    </dialog>
  );
}
