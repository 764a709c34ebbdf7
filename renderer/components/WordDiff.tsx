// Two versions of a text side by side with a word diff: words only the first has are
// struck out on its side, words only the second has are marked on the other.
import { diffWordsWithSpace } from 'diff';

interface Props {
  before: string;
  after: string;
  beforeLabel: string;
  afterLabel: string;
}

export function WordDiff({ before, after, beforeLabel, afterLabel }: Props) {
  const parts = diffWordsWithSpace(before, after);
  return (
    <div className="diff">
      <section aria-label={beforeLabel}>
        <h3>{beforeLabel}</h3>
        <pre>{parts.filter((part) => !part.added).map((part, index) => (part.removed ? <del key={index}>{part.value}</del> : <span key={index}>{part.value}</span>))}</pre>
      </section>
      <section aria-label={afterLabel}>
        <h3>{afterLabel}</h3>
        <pre>{parts.filter((part) => !part.removed).map((part, index) => (part.added ? <ins key={index}>{part.value}</ins> : <span key={index}>{part.value}</span>))}</pre>
      </section>
    </div>
  );
}
