// A format's icon button: pressed while its format applies, named for screen readers, with a
// tooltip giving its name and shortcut. A click keeps the writer's selection in the text.
import { Icon } from './toolbar-icons.tsx';
import { ariaKeys, keys } from './shortcut-keys.ts';

interface Props {
  icon: string;
  label: string;
  /** Whether its format applies; null for a command that is not a format. */
  active: boolean | null;
  shortcut?: string;
  run(): void;
}

export function FormatButton({ icon, label, active, shortcut, run }: Props) {
  const tip = shortcut ? `${label} (${keys(shortcut)})` : label;
  return (
    <button type="button" className="icon-button" aria-label={label} aria-pressed={active ?? undefined} aria-keyshortcuts={shortcut && ariaKeys(shortcut)} data-tooltip={tip}
      onMouseDown={(event) => event.preventDefault()} onClick={run}><Icon name={icon} /></button>
  );
}
