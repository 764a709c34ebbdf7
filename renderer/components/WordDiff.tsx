// Two versions of a text side by side with a word diff, shown as text is read (a paragraph
// for each line, in the text's own font, wrapping within its column). A change (a revision, a
// restore: the first becomes the second) strikes out on the first side the words it would lose
// and marks on the other those it would gain. Two versions neither of which came from the other
// (a conflict: this computer's and the site's) mark on each side only that side's own words:
// striking out a writer's own words there would say they are going, which no choice decided yet.
import { diffWordsWithSpace, type Change } from 'diff';

interface Props {
  before: string;
  after: string;
  beforeLabel: string;
  afterLabel: string;
  /** 'change' (the default): the second replaces the first; 'versions': side by side, neither replacing the other. */
  compare?: 'change' | 'versions';
}

type Piece = { text: string; mark: 'same' | 'added' | 'removed' | 'own' };

/** The pieces of one side cut into paragraphs at its line breaks (a change may span several). */
function paragraphsOf(parts: Change[], side: 'before' | 'after', compare: 'change' | 'versions'): Piece[][] {
  const paragraphs: Piece[][] = [[]];
  for (const part of parts) {
    if (side === 'before' ? part.added : part.removed) continue;
    const changed = part.added || part.removed;
    const mark = !changed ? 'same' : compare === 'versions' ? 'own' : part.added ? 'added' : 'removed';
    part.value.split('\n').forEach((text, index) => {
      if (index > 0) paragraphs.push([]);
      if (text !== '') paragraphs.at(-1)!.push({ text, mark });
    });
  }
  return paragraphs.filter((paragraph) => paragraph.length > 0);
}

function PieceText({ piece }: { piece: Piece }) {
  if (piece.mark === 'added') return <ins>{piece.text}</ins>;
  if (piece.mark === 'removed') return <del>{piece.text}</del>;
  if (piece.mark === 'own') return <mark>{piece.text}</mark>;
  return <span>{piece.text}</span>;
}

function Side({ label, paragraphs }: { label: string; paragraphs: Piece[][] }) {
  return (
    <section aria-label={label}>
      <h3>{label}</h3>
      <div className="diff-text">
        {paragraphs.map((paragraph, index) => (
          <p key={index}>
            {paragraph.map((piece, at) => <PieceText key={at} piece={piece} />)}
          </p>
        ))}
      </div>
    </section>
  );
}

export function WordDiff({ before, after, beforeLabel, afterLabel, compare = 'change' }: Props) {
  const parts = diffWordsWithSpace(before, after);
  return (
    <div className="diff">
      <Side label={beforeLabel} paragraphs={paragraphsOf(parts, 'before', compare)} />
      <Side label={afterLabel} paragraphs={paragraphsOf(parts, 'after', compare)} />
    </div>
  );
}
