// A dynamic block's settings (renderer/blocks/dynamic-blocks.ts says which): a field for each,
// each change written into the block's attributes at once.
import { DYNAMIC_BLOCKS, settingValue, withSetting, type Setting } from '../blocks/dynamic-blocks.ts';

interface Props {
  name: string;
  attributes: Record<string, unknown>;
  onChange(attributes: Record<string, unknown>): void;
}

function SettingField({ setting, value, set }: { setting: Setting; value: unknown; set(value: unknown): void }) {
  if (setting.kind === 'boolean') {
    return (
      <label className="dynamic-setting">
        <input type="checkbox" checked={value === true} onChange={(event) => set(event.target.checked)} /> {setting.label}
      </label>
    );
  }
  if (setting.kind === 'text') {
    return (
      <label className="dynamic-setting">
        {setting.label} <input type="text" value={typeof value === 'string' ? value : ''} onChange={(event) => set(event.target.value)} />
      </label>
    );
  }
  if (setting.kind === 'number') {
    return (
      <label className="dynamic-setting">
        {setting.label}{' '}
        <input
          type="number"
          min={setting.min}
          max={setting.max}
          value={typeof value === 'number' ? value : ''}
          onChange={(event) => {
            const typed = Math.round(Number(event.target.value));
            if (event.target.value !== '' && typed >= setting.min && typed <= setting.max) set(typed);
          }}
        />
      </label>
    );
  }
  return (
    <label className="dynamic-setting">
      {setting.label}{' '}
      <select value={String(value)} onChange={(event) => set(setting.choices.find(([choice]) => String(choice) === event.target.value)?.[0])}>
        {setting.choices.map(([choice, label]) => (
          <option key={String(choice)} value={String(choice)}>{label}</option>
        ))}
      </select>
    </label>
  );
}

export function DynamicBlockSettings({ name, attributes, onChange }: Props) {
  const settings = DYNAMIC_BLOCKS[name]?.settings ?? [];
  if (settings.length === 0) return null;
  return (
    <fieldset className="dynamic-settings" aria-label={`${DYNAMIC_BLOCKS[name].title} settings`}>
      {settings.map((setting) => (
        <SettingField key={setting.path} setting={setting} value={settingValue(name, attributes, setting.path)} set={(value) => onChange(withSetting(name, attributes, setting.path, value))} />
      ))}
    </fieldset>
  );
}
