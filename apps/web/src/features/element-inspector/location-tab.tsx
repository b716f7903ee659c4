import type { BimElement } from '@plumbline/contracts';
import { NULL_VALUE } from './property-groups';

interface Row {
  label: string;
  value: string | null;
}

/** Where the element sits and what it is (spec 3 §2.3 'Location'); the last three only when known. */
export function locationRows(element: BimElement): Row[] {
  const rows: Row[] = [
    { label: 'Level', value: element.level },
    { label: 'IFC Entity Type', value: element.ifc_entity_type },
    { label: 'Source Name', value: element.source_name },
    { label: 'Functional Group', value: element.derived_functional_group },
  ];
  const optional: Row[] = [
    { label: 'External ID', value: element.source_external_id },
    { label: 'Type Override', value: element.type_name_override },
    { label: 'Persistent GUID', value: element.persistent_guid },
  ];
  return [...rows, ...optional.filter((row) => row.value !== null && row.value !== '')];
}

export function LocationTab({ element }: { element: BimElement }) {
  return (
    <dl className="divide-y divide-border rounded-md border border-border text-sm">
      {locationRows(element).map((row) => (
        <div key={row.label} className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-3 px-3 py-2">
          <dt className="text-muted-foreground">{row.label}</dt>
          <dd className={row.value === null ? 'text-muted-foreground italic' : 'break-all font-medium'}>
            {row.value ?? NULL_VALUE}
          </dd>
        </div>
      ))}
    </dl>
  );
}
