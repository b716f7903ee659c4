import type { BimElement } from '@plumbline/contracts';
import { useT } from '@/lib/i18n';

type LocationRow =
  | 'level'
  | 'entityType'
  | 'sourceName'
  | 'functionalGroup'
  | 'externalId'
  | 'typeOverride'
  | 'guid';

interface Row {
  /** Named by `compliance.location.row`. */
  label: LocationRow;
  value: string | null;
}

/** Where the element sits and what it is (spec 3 §2.3 'Location'); the last three only when known. */
export function locationRows(element: BimElement): Row[] {
  const rows: Row[] = [
    { label: 'level', value: element.level },
    { label: 'entityType', value: element.ifc_entity_type },
    { label: 'sourceName', value: element.source_name },
    { label: 'functionalGroup', value: element.derived_functional_group },
  ];
  const optional: Row[] = [
    { label: 'externalId', value: element.source_external_id },
    { label: 'typeOverride', value: element.type_name_override },
    { label: 'guid', value: element.persistent_guid },
  ];
  return [...rows, ...optional.filter((row) => row.value !== null && row.value !== '')];
}

export function LocationTab({ element }: { element: BimElement }) {
  const t = useT('compliance');
  return (
    <dl className="divide-y divide-border rounded-md border border-border text-sm">
      {locationRows(element).map((row) => (
        <div key={row.label} className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-3 px-3 py-2">
          <dt className="text-muted-foreground">{t('compliance.location.row', { row: row.label })}</dt>
          <dd className={row.value === null ? 'text-muted-foreground italic' : 'break-all font-medium'}>
            {row.value ?? t('compliance.noValue')}
          </dd>
        </div>
      ))}
    </dl>
  );
}
