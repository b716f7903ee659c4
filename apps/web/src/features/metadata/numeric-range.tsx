import type { MetadataNumericProperty } from '@plumbline/contracts';
import { useEffect, useState } from 'react';
import type { RangeFilter, SelectedRanges } from '@/components/filter-panel/filter-state';
import { useT } from '@/lib/i18n';
import type { ExplorerRange } from './explorer-state';

const RANGE_KEY = 'value-range';
const keyOf = (p: { propertySet: string; attribute: string }) => `${p.propertySet}\u0000${p.attribute}`;
const keyOfNumeric = (p: MetadataNumericProperty) =>
  keyOf({ propertySet: p.property_set, attribute: p.attribute });

/**
 * The explorer's value range (decision 0345): a choice of numeric property, then the filter panel's
 * from–to inputs over that property's least and greatest value. Values are compared as the model
 * holds them, in its own units; values that are not numbers are never in a range.
 */
export function useNumericRange(
  numeric: readonly MetadataNumericProperty[],
  range: ExplorerRange | null,
  onRange: (range: ExplorerRange | null) => void,
) {
  const t = useT('app');
  const [chosenKey, setChosenKey] = useState(range ? keyOf(range) : '');
  useEffect(() => {
    if (range) setChosenKey(keyOf(range));
  }, [range]);
  const chosen = numeric.find((p) => keyOfNumeric(p) === chosenKey);
  const ranges: RangeFilter[] = chosen
    ? [{ key: RANGE_KEY, label: chosen.attribute, min: chosen.min, max: chosen.max, step: 'any' }]
    : [];
  const selectedRanges: SelectedRanges =
    chosen && range && keyOf(range) === chosenKey
      ? { [RANGE_KEY]: [range.from ?? chosen.min, range.to ?? chosen.max] }
      : {};
  const onRangeChange = (_key: string, value: [number, number] | null) => {
    if (!chosen) return;
    onRange(
      value
        ? { propertySet: chosen.property_set, attribute: chosen.attribute, from: value[0], to: value[1] }
        : null,
    );
  };
  const chooser =
    numeric.length === 0 ? null : (
      <div className="space-y-2 border-t border-border pt-3">
        <label className="block text-xs font-medium uppercase tracking-wide text-muted-foreground">
          {t('app.valueRange.title')}
          <select
            aria-label={t('app.valueRange.property')}
            className="mt-1 block h-8 w-full rounded border border-border bg-background px-2 text-sm normal-case tracking-normal text-foreground"
            value={chosen ? chosenKey : ''}
            onChange={(event) => {
              setChosenKey(event.target.value);
              if (range) onRange(null);
            }}
          >
            <option value="">{t('app.valueRange.choose')}</option>
            {numeric.map((p) => (
              <option key={keyOfNumeric(p)} value={keyOfNumeric(p)}>
                {t('app.valueRange.option', { attribute: p.attribute, propertySet: p.property_set })}
              </option>
            ))}
          </select>
        </label>
        {chosen && <p className="text-xs text-muted-foreground">{t('app.valueRange.units')}</p>}
      </div>
    );
  return { chooser, ranges, selectedRanges, onRangeChange };
}
