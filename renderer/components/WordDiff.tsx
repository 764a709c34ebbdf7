// Two versions of a text side by side with a word diff, shown as text is read (a paragraph
// for each line, in the text's own font, wrapping within its column): words only the first
// has are struck out on its side, words only the second has are marked on the other.
import { diffWordsWithSpace, type Change } from 'diff';

interface Props {
  before: string;
  after: string;
  beforeLabel: string;
  afterLabel: string;
}

type Piece = { text: string; mark: 'same' | 'added' | 'removed' };

/** The pieces of one side cut into paragraphs at its line breaks (a change may span several). */
function paragraphsOf(parts: Change[], side: 'before' | 'after'): Piece[][] {
  const paragraphs: Piece[][] = [[]];
  for (const part of parts) {
    if (side === 'before' ? part.added : part.removed) continue;
    const mark = part.added ? 'added' : part.removed ? 'removed' : 'same';
    part.value.split('\n').forEach((text, index) => {
      if (index > 0) paragraphs.push([]);
      if (text !== '') paragraphs.at(-1)!.push({ text, mark });
    });
  }
  return paragraphs.filter((paragraph) => paragraph.length > 0);
}

function Side({ label, paragraphs }: { label: string; paragraphs: Piece[][] }) {
  return (
    <section aria-label={label}>
      <h3>{label}</h3>
      <div className="diff-text">
        {paragraphs.map((paragraph, index) => (
          <p key={index}>
            {paragraph.map((piece, at) => (piece.mark === 'added' ? <ins key={at}>{piece.text}</ins> : piece.mark === 'removed' ? <del key={at}>{piece.text}</del> : <span key={at}>{piece.text}</span>))}
          </p>
        ))}
      </div>
    </section>
  );
}

export function WordDiff({ before, after, beforeLabel, afterLabel }: Props) {
  const parts = diffWordsWithSpace(before, after);
  return (
    <div className="diff">
      <Side label={beforeLabel} paragraphs={paragraphsOf(parts, 'before')} />
      <Side label={afterLabel} paragraphs={paragraphsOf(parts, 'after')} />
    </div>
  );
}
