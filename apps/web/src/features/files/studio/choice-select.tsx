import type { ReactNode } from 'react';
import { LabelledField } from './labelled-field';

export interface Choice {
  value: string;
  label: string;
}

/**
 * A labelled native select: the browser's own list, reachable and searchable by keyboard (type the
 * first letters), with the mouse, and by assistive technology.
 */
export function ChoiceSelect({
  id,
  label,
  value,
  choices,
  placeholder,
  onChange,
  groups,
}: {
  id: string;
  label: string;
  value: string;
  choices?: readonly Choice[];
  /** Choices in labelled groups (the model's first, then the schema's). */
  groups?: readonly { label: string; choices: readonly Choice[] }[];
  placeholder?: string;
  onChange: (value: string) => void;
}) {
  const option = (c: Choice): ReactNode => (
    <option key={c.value} value={c.value}>
      {c.label}
    </option>
  );
  return (
    <LabelledField id={id} label={label}>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="h-9 w-full rounded-md border border-input bg-background px-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {choices?.map(option)}
        {groups?.map(
          (group) =>
            group.choices.length > 0 && (
              <optgroup key={group.label} label={group.label}>
                {group.choices.map(option)}
              </optgroup>
            ),
        )}
      </select>
    </LabelledField>
  );
}
