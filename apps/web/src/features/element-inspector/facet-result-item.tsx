import type { FacetResult, FacetResultDetails } from '@plumbline/contracts';
import type { Translator } from '@plumbline/i18n';
import { ChevronRight } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { type MessageId, useT } from '@/lib/i18n';
import {
  CLASSIFICATIONS_SHOWN,
  capped,
  type FacetSection,
  facetOutcome,
  facetTitle,
} from './compliance-status';

type Constraint = FacetResultDetails['value_constraints'][number];
type T = Translator<MessageId>;
type DetailRow = Extract<MessageId, `compliance.facet.detail.${string}`>;

function constraintText(t: T, c: Constraint): string {
  switch (c.type) {
    case 'simpleValue':
      return c.value;
    case 'enumeration':
      return t('compliance.facet.oneOf', { values: c.values.join(', ') });
    case 'pattern':
      return t('compliance.facet.matching', { pattern: c.pattern });
    case 'bounds': {
      if (!c.min_value && !c.max_value) return '';
      const kind = c.min_value && c.max_value ? 'both' : c.min_value ? 'min' : 'max';
      return t('compliance.facet.bounds', { kind, min: c.min_value ?? '', max: c.max_value ?? '' });
    }
  }
}

function yesNo(t: T, value: boolean | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return t('compliance.facet.yesNo', { value: value ? 'yes' : 'no' });
}

/**
 * The facts worth showing for this facet, in reading order, as label and value in the page's language;
 * unknown ones are left out. Values from the model (names, classes, values) stay as written.
 */
export function detailRows(t: T, facet: FacetResult): [string, string][] {
  const d = facet.details;
  const rows: [DetailRow, string | null | undefined][] = [
    [
      'compliance.facet.detail.cardinality',
      d.cardinality && t('compliance.facet.cardinalityValue', { cardinality: d.cardinality }),
    ],
    ['compliance.facet.detail.propertySet', d.property_set],
    ['compliance.facet.detail.property', d.property_name],
    ['compliance.facet.detail.dataType', d.property_data_type],
    ['compliance.facet.detail.propertyExists', yesNo(t, d.property_exists)],
    ['compliance.facet.detail.hasValue', yesNo(t, d.property_populated)],
    [
      'compliance.facet.detail.value',
      d.property_exists ? (d.property_value ?? t('compliance.noValue')) : null,
    ],
    ['compliance.facet.detail.attribute', d.attribute_name],
    ['compliance.facet.detail.elementClass', d.element_class],
    ['compliance.facet.detail.requiredEntity', d.required_entity],
    ['compliance.facet.detail.entityMatches', yesNo(t, d.entity_match)],
    ['compliance.facet.detail.predefinedTypeMatches', yesNo(t, d.predefined_type_match)],
    ['compliance.facet.detail.requiredSystem', d.required_system],
    [
      'compliance.facet.detail.requiredValue',
      d.value_constraints.length > 0
        ? d.value_constraints.map((c) => constraintText(t, c)).join('; ')
        : d.required_value,
    ],
    ['compliance.facet.detail.relation', d.partof_relation],
    ['compliance.facet.detail.materialFound', d.material_found],
    ['compliance.facet.detail.valueFound', d.actual_value === d.property_value ? null : d.actual_value],
  ];
  return rows
    .filter((row): row is [DetailRow, string] => typeof row[1] === 'string' && row[1] !== '')
    .map(([label, value]) => [t(label), value]);
}

/** One facet, expandable to what it asked, what the element has, and the engine's reason (spec 3 §2.4). */
export function FacetResultItem({ facet, section }: { facet: FacetResult; section: FacetSection }) {
  const t = useT('compliance', 'common');
  // What went wrong starts visible: a failed requirement, an applicability facet that did not match.
  const [open, setOpen] = useState(facet.result === 'failed' || facet.is_satisfied === false);
  const panelId = useId();
  const outcome = facetOutcome(facet, section);
  const type = t('common.facetType', { type: facet.facet_type });
  const title = facetTitle(facet) ?? type;
  const found = capped(facet.details.classifications_found ?? [], CLASSIFICATIONS_SHOWN);
  return (
    <li className="rounded-md border border-border">
      <button
        type="button"
        className="flex w-full cursor-pointer items-center gap-2 px-3 py-2 text-left text-sm hover:bg-accent/50"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
      >
        <ChevronRight
          className={cn('size-4 shrink-0 text-muted-foreground transition-transform', open && 'rotate-90')}
          aria-hidden="true"
        />
        <span className="shrink-0 text-xs uppercase tracking-wide text-muted-foreground">{type}</span>
        <span className="min-w-0 flex-1 truncate font-medium" title={title}>
          {title}
        </span>
        <Badge variant={outcome.tone}>{t('compliance.facet.outcome', { outcome: outcome.outcome })}</Badge>
      </button>
      {open && (
        <div id={panelId} className="space-y-2 border-t border-border px-3 py-2 text-sm">
          {facet.errors.length > 0 && (
            <ul className="space-y-1" aria-label={t('compliance.facet.reasons')}>
              {facet.errors.map((error) => (
                <li key={error} className="rounded bg-red-50 px-2 py-1 text-red-800">
                  {error}
                </li>
              ))}
            </ul>
          )}
          <dl className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-x-3 gap-y-1">
            {detailRows(t, facet).map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-muted-foreground">{label}</dt>
                <dd className="break-words">{value}</dd>
              </div>
            ))}
          </dl>
          {found.shown.length > 0 && (
            <div>
              <p className="text-muted-foreground">{t('compliance.facet.classificationsFound')}</p>
              <ul className="mt-1 flex flex-wrap gap-1">
                {found.shown.map((c) => (
                  <li key={`${c.property_set ?? ''}:${c.value}`}>
                    <Badge variant="outline">
                      {c.property_set ? `${c.property_set}: ${c.value}` : c.value}
                    </Badge>
                  </li>
                ))}
                {found.hidden > 0 && (
                  <li className="text-xs text-muted-foreground">
                    {t('compliance.facet.more', { count: found.hidden })}
                  </li>
                )}
              </ul>
            </div>
          )}
          {facet.is_satisfied === null && (
            <p className="text-xs text-muted-foreground">
              {section === 'applicability'
                ? t('compliance.facet.notEvaluated')
                : t('compliance.facet.notChecked')}
            </p>
          )}
        </div>
      )}
    </li>
  );
}
