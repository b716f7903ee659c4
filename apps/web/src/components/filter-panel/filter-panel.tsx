import { X } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { onRovingKeyDown } from '@/components/ui/roving-focus';
import { cn } from '@/lib/cn';
import { useT } from '@/lib/i18n';
import {
  activeFilterCount,
  type FilterPanelSection,
  normaliseRange,
  type RangeFilter,
  type SelectedFilters,
  type SelectedRanges,
  visibleOptions,
} from './filter-state';

export interface FilterPanelProps {
  sections: readonly FilterPanelSection[];
  selected: SelectedFilters;
  onToggle: (section: string, option: string) => void;
  onClearSection: (section: string) => void;
  onClearAll: () => void;
  ranges?: readonly RangeFilter[];
  selectedRanges?: SelectedRanges;
  onRangeChange?: (key: string, value: [number, number] | null) => void;
  /** Shown above the range filters (e.g. the choice of which property a range applies to). */
  beforeRanges?: ReactNode;
  /** Options shown per section before 'Show all'. */
  initialVisible?: number;
  className?: string;
}

/** The reusable filter side panel (spec 2 §2.4): option sections with counts, then range filters. */
export function FilterPanel({
  sections,
  selected,
  onToggle,
  onClearSection,
  onClearAll,
  ranges = [],
  selectedRanges = {},
  onRangeChange,
  beforeRanges,
  initialVisible = 8,
  className,
}: FilterPanelProps) {
  const t = useT('common');
  const active = activeFilterCount(selected, selectedRanges);
  return (
    <aside aria-label={t('common.filters.title')} className={cn('space-y-4 text-sm', className)}>
      <div className="flex items-center justify-between">
        <h3 className="font-semibold">
          {t('common.filters.title')}
          {active > 0 ? ` (${active})` : ''}
        </h3>
        <Button variant="ghost" size="sm" onClick={onClearAll} disabled={active === 0}>
          {t('common.filters.clearAll')}
        </Button>
      </div>
      {sections.map((section) => (
        <FilterSectionList
          key={section.key}
          section={section}
          selected={selected[section.key] ?? []}
          onToggle={(option) => onToggle(section.key, option)}
          onClear={() => onClearSection(section.key)}
          initialVisible={initialVisible}
        />
      ))}
      {beforeRanges}
      {ranges.map((range) => (
        <RangeInputs
          key={range.key}
          range={range}
          value={selectedRanges[range.key] ?? null}
          onChange={(value) => onRangeChange?.(range.key, value)}
        />
      ))}
    </aside>
  );
}

function FilterSectionList({
  section,
  selected,
  onToggle,
  onClear,
  initialVisible,
}: {
  section: FilterPanelSection;
  selected: string[];
  onToggle: (option: string) => void;
  onClear: () => void;
  initialVisible: number;
}) {
  const t = useT('common');
  const [text, setText] = useState('');
  const [expanded, setExpanded] = useState(false);
  const options = visibleOptions(section.options, text, selected);
  const shown = expanded ? options : options.slice(0, initialVisible);
  // The group is one Tab stop: the last checkbox focused (at first the first), arrows inside.
  const [current, setCurrent] = useState(0);
  const tabStop = Math.min(current, shown.length - 1);
  return (
    <fieldset
      className="min-w-0 space-y-2 border-t border-border pt-3"
      data-testid={`filter-section-${section.key}`}
    >
      <div className="flex items-center justify-between">
        <legend className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
          {selected.length > 0
            ? t('common.filters.selected', { title: section.title, count: selected.length })
            : section.title}
        </legend>
        {selected.length > 0 && (
          <button type="button" className="text-xs text-primary hover:underline" onClick={onClear}>
            {t('common.clear')}
          </button>
        )}
      </div>
      {section.options.length > initialVisible && (
        <Input
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('common.filters.find', { title: section.title.toLowerCase() })}
          aria-label={t('common.filters.find', { title: section.title })}
          className="h-8"
        />
      )}
      {/* The arrow keys of the checkboxes inside bubble up to the list. */}
      <ul className="space-y-1" onKeyDown={(event) => onRovingKeyDown(event, 'input[type="checkbox"]')}>
        {shown.map((option, index) => (
          <li key={option.key}>
            <label className="flex cursor-pointer items-center gap-2 rounded px-1 py-0.5 hover:bg-surface">
              <input
                type="checkbox"
                className="size-3.5 accent-primary"
                tabIndex={index === tabStop ? 0 : -1}
                onFocus={() => setCurrent(index)}
                checked={selected.includes(option.key)}
                onChange={() => onToggle(option.key)}
              />
              <span className="min-w-0 flex-1 truncate" title={option.label}>
                {option.label}
              </span>
              <span className="tabular-nums text-xs text-muted-foreground">
                {option.count.toLocaleString()}
              </span>
            </label>
          </li>
        ))}
        {shown.length === 0 && (
          <li className="px-1 text-xs text-muted-foreground">{t('common.filters.noOptions')}</li>
        )}
      </ul>
      {options.length > initialVisible && (
        <button
          type="button"
          className="text-xs text-primary hover:underline"
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? t('common.showFewer') : t('common.filters.showAll', { count: options.length })}
        </button>
      )}
    </fieldset>
  );
}

/** From–to inputs: a bound is applied when its input is left or Enter is pressed, not per keystroke. */
function RangeInputs({
  range,
  value,
  onChange,
}: {
  range: RangeFilter;
  value: [number, number] | null;
  onChange: (value: [number, number] | null) => void;
}) {
  const t = useT('common');
  const [low, high] = value ?? [range.min, range.max];
  const [draft, setDraft] = useState<[string, string]>([String(low), String(high)]);
  useEffect(() => setDraft([String(low), String(high)]), [low, high]);
  const parse = (text: string, fallback: number) => {
    const n = text.trim() === '' ? fallback : Number(text);
    return Number.isFinite(n) ? n : fallback;
  };
  const commit = () => {
    const next = normaliseRange(range, parse(draft[0], range.min), parse(draft[1], range.max));
    if (JSON.stringify(next) !== JSON.stringify(value)) onChange(next);
    else setDraft([String(low), String(high)]);
  };
  const input = (side: 0 | 1, ariaLabel: string) => (
    <Input
      type="number"
      aria-label={ariaLabel}
      min={range.min}
      max={range.max}
      step={range.step}
      value={draft[side]}
      onChange={(event) =>
        setDraft(side === 0 ? [event.target.value, draft[1]] : [draft[0], event.target.value])
      }
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
      className="h-8"
    />
  );
  return (
    <fieldset className="min-w-0 space-y-2 border-t border-border pt-3" data-testid={`range-${range.key}`}>
      <legend className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
        {range.label}
      </legend>
      <div className="flex items-center gap-2">
        {input(0, t('common.filters.minimum', { label: range.label }))}
        <span className="text-muted-foreground">–</span>
        {input(1, t('common.filters.maximum', { label: range.label }))}
        {range.suffix && <span className="text-muted-foreground">{range.suffix}</span>}
        {value && (
          <button
            type="button"
            aria-label={t('common.filters.clearRange', { label: range.label })}
            onClick={() => onChange(null)}
          >
            <X className="size-3.5" />
          </button>
        )}
      </div>
    </fieldset>
  );
}
