// The formatting toolbar's icons: 24-pixel line drawings in the text's colour.
import type { ReactElement } from 'react';

const text = (label: string, style?: { fontStyle?: string; fontWeight?: number }) => (
  <text x="12" y="17" textAnchor="middle" fontSize={label.length > 1 ? 12 : 16} fontFamily="Georgia, serif" fontWeight={style?.fontWeight ?? 700} fontStyle={style?.fontStyle} fill="currentColor" stroke="none">{label}</text>
);

export const ICONS: Readonly<Record<string, ReactElement>> = {
  bold: text('B'),
  italic: text('I', { fontStyle: 'italic', fontWeight: 400 }),
  bulletList: <path d="M9 6h11M9 12h11M9 18h11M4.5 6h.01M4.5 12h.01M4.5 18h.01" strokeWidth="2.5" />,
  orderedList: <><path d="M10 6h10M10 12h10M10 18h10" /><path d="M4 4.5l1.5-1v5M3.5 15.5c0-1 2.5-1 2.5 0S3.5 18 3.5 19.5H6" strokeWidth="1.3" /></>,
  quote: <path d="M6 17c-1.5 0-2.5-1.2-2.5-3 0-3 2-6 5-7M15 17c-1.5 0-2.5-1.2-2.5-3 0-3 2-6 5-7M4 13.5h4v3.5H4zM13 13.5h4v3.5h-4z" />,
  code: <path d="M8 7l-5 5 5 5M16 7l5 5-5 5M14 4l-4 16" />,
  link: <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />,
  image: <><rect x="3" y="5" width="18" height="14" rx="2" /><path d="M3 16l5-5 4 4 3-3 6 6" /><circle cx="16" cy="9" r="1.5" /></>,
  embed: <><rect x="3" y="5" width="18" height="14" rx="2" /><path d="M10 9v6l5-3z" /></>,
  separator: <path d="M3 12h18M7 7h10M7 17h10" />,
  table: <><rect x="3" y="5" width="18" height="14" rx="1" /><path d="M3 10h18M3 15h18M12 5v14" /></>,
  footnote: <><path d="M4 17h9M4 12h9" /><path d="M17 9V4l-1.5 1" strokeWidth="1.5" /></>,
  alignLeft: <path d="M4 6h16M4 10h10M4 14h16M4 18h10" />,
  alignCenter: <path d="M4 6h16M7 10h10M4 14h16M7 18h10" />,
  alignRight: <path d="M4 6h16M10 10h10M4 14h16M10 18h10" />,
  insertBefore: <path d="M12 3v7M8.5 6.5h7M4 15h16M4 19.5h16" />,
  insertAfter: <path d="M4 4.5h16M4 9h16M12 14v7M8.5 17.5h7" />,
  more: <path d="M6 9.5l6 6 6-6" />,
  options: <path d="M12 5.5h.01M12 12h.01M12 18.5h.01" strokeWidth="3" />,
  // Two arrows turning one way and back: the block turned into another.
  transform: <path d="M4 9h14l-3.5-3.5M20 15H6l3.5 3.5" />,
  listView: <path d="M4 6h3M10 6h10M7 12h3M13 12h7M7 18h3M13 18h7" />,
  undo: <path d="M9 14L4 9l5-5M4 9h11a5 5 0 0 1 0 10h-3" />,
  redo: <path d="M15 14l5-5-5-5M20 9H9a5 5 0 0 0 0 10h3" />,
};

export function Icon({ name }: { name: string }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      {ICONS[name]}
    </svg>
  );
}
