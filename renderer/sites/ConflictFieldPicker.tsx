// The fields (and content blocks) changed on both sides to different values, each with the
// two values side by side and a choice of which to keep; this computer's is chosen until
// the writer picks the site's. Everything else changed on one side only merges by itself.
import type { ConflictField, ConflictPicks } from '../../shared/connected-sites.ts';
import { readableText } from '../editor/readable-text.ts';
import { statusName } from '../posts/status-name.ts';

function shown(field: ConflictField, value: string): string {
  return field.field === 'status' ? statusName(value) : value;
}

function Pick({ name, label, local, remote, picks, onPick }: {
  name: string; label: string; local: string; remote: string; picks: ConflictPicks; onPick(name: string, side: 'local' | 'remote'): void;
}) {
  const side = picks[name] ?? 'local';
  return (
    <fieldset>
      <legend>{label}</legend>
      <label>
        <input type="radio" name={name} checked={side === 'local'} onChange={() => onPick(name, 'local')} /> On this computer: <q>{local}</q>
      </label>
      <label>
        <input type="radio" name={name} checked={side === 'remote'} onChange={() => onPick(name, 'remote')} /> On the site: <q>{remote}</q>
      </label>
    </fieldset>
  );
}

export function ConflictFieldPicker({ fields, picks, onPick }: { fields: ConflictField[]; picks: ConflictPicks; onPick(name: string, side: 'local' | 'remote'): void }) {
  return (
    <section aria-label="Changed on both sides">
      {fields.map((field) => (field.blocks
        ? field.blocks.map((block, index) => (
          <Pick key={block.key} name={block.key} label={`${field.label}: block ${index + 1} of ${field.blocks!.length} changed on both sides`}
            local={readableText(block.local)} remote={readableText(block.remote)} picks={picks} onPick={onPick} />
        ))
        : <Pick key={field.field} name={field.field} label={field.label} local={shown(field, field.local)} remote={shown(field, field.remote)} picks={picks} onPick={onPick} />))}
    </section>
  );
}
