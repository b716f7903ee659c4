import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface SegmentedFilterOption<T extends string> {
  value: T;
  label: ReactNode;
}

export interface SegmentedFilterProps<T extends string> {
  /** What the choice filters, for assistive technology (e.g. "Coverage"). */
  label: string;
  value: T;
  options: readonly SegmentedFilterOption<T>[];
  onChange: (value: T) => void;
  className?: string;
}

/**
 * A segmented control that filters one view in place: toggle buttons (aria-pressed) in a fieldset named by its legend.
 * Looks like SegmentedTabsList, but is not a tab list, since there are no separate panels to point at
 * (decision 0167).
 */
export function SegmentedFilter<T extends string>({
  label,
  value,
  options,
  onChange,
  className,
}: SegmentedFilterProps<T>) {
  return (
    <fieldset
      className={cn(
        'inline-flex min-h-9 max-w-full flex-wrap items-center rounded-lg bg-muted p-1 text-muted-foreground',
        className,
      )}
    >
      <legend className="sr-only">{label}</legend>
      {options.map((option) => {
        const selected = option.value === value;
        return (
          <button
            key={option.value}
            type="button"
            aria-pressed={selected}
            onClick={() => onChange(option.value)}
            className={cn(
              'inline-flex cursor-pointer items-center justify-center whitespace-nowrap rounded-md px-3 py-1 text-sm font-medium transition-all focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
              selected && 'bg-background text-foreground shadow-sm',
            )}
          >
            {option.label}
          </button>
        );
      })}
    </fieldset>
  );
}
