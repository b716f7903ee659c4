import type { FacetResult, FacetResultDetails } from '@plumbline/contracts';
import { ChevronRight } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { useT } from '@/lib/i18n';
import {
  CLASSIFICATIONS_SHOWN,
  capped,
  type FacetSection,
  facetOutcome,
  facetTitle,
} from './compliance-status';
import { NULL_VALUE } from './property-groups';

type Constraint = FacetResultDetails['value_constraints'][number];

function constraintText(c: Constraint): string {
  switch (c.type) {
    case 'simpleValue':
      return c.value;
    case 'enumeration':
      return `one of ${c.values.join(', ')}`;
    case 'pattern':
      return `matching ${c.pattern}`;
    case 'bounds':
      return [c.min_value && `≥ ${c.min_value}`, c.max_value && `≤ ${c.max_value}`]
        .filter(Boolean)
        .join(' and ');
  }
}

function yesNo(value: boolean | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return value ? 'Yes' : 'No';
}

/** The facts worth showing for this facet, in reading order; unknown ones are left out. */
export function detailRows(facet: FacetResult): [string, string][] {
  const d = facet.details;
  const rows: [string, string | null | undefined][] = [
    ['Cardinality', d.cardinality],
    ['Property set', d.property_set],
    ['Property', d.property_name],
    ['Data type', d.property_data_type],
    ['Property exists', yesNo(d.property_exists)],
    ['Has a value', yesNo(d.property_populated)],
    ['Value', d.property_exists ? (d.property_value ?? NULL_VALUE) : null],
    ['Attribute', d.attribute_name],
    ['Element class', d.element_class],
    ['Required entity', d.required_entity],
    ['Entity matches', yesNo(d.entity_match)],
    ['Predefined type matches', yesNo(d.predefined_type_match)],
    ['Required system', d.required_system],
    [
      'Required value',
      d.value_constraints.length > 0 ? d.value_constraints.map(constraintText).join('; ') : d.required_value,
    ],
    ['Relation', d.partof_relation],
    ['Material found', d.material_found],
    ['Value found', d.actual_value === d.property_value ? null : d.actual_value],
  ];
  return rows.filter((row): row is [string, string] => typeof row[1] === 'string' && row[1] !== '');
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
            {detailRows(facet).map(([label, value]) => (
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
