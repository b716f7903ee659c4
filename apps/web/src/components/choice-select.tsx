import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

export interface ChoiceSelectProps {
  value: string;
  onChange: (value: string) => void;
  options: ReadonlyArray<{ value: string; label: string }>;
  /** Given by FormField, so its label names the trigger. */
  id?: string;
  'aria-describedby'?: string;
}

/** A select of fixed choices whose trigger takes FormField's id (Radix's root would drop it). */
export function ChoiceSelect({ value, onChange, options, id, ...aria }: ChoiceSelectProps) {
  return (
    <Select value={value} onValueChange={onChange}>
      <SelectTrigger id={id} {...aria}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
