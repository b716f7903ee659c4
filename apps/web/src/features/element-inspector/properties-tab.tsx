import type { BimElement } from '@plumbline/contracts';
import { ListTree } from 'lucide-react';
import { useMemo } from 'react';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/components/ui/accordion';
import { EmptyState } from '@/components/ui/empty-state';
import { useT } from '@/lib/i18n';
import { GENERAL_SET, groupProperties, initiallyOpenGroups, NULL_VALUE } from './property-groups';

/** Properties grouped by property set; the first two groups start open (spec 3 §2.3). */
export function PropertiesTab({ element }: { element: BimElement }) {
  const t = useT('compliance');
  const groups = useMemo(() => groupProperties(element.properties_data), [element.properties_data]);
  // Properties outside a set are grouped under a name of ours, in the page's language.
  const setName = (set: string) => (set === GENERAL_SET ? t('compliance.properties.general') : set);
  if (groups.length === 0) {
    return <EmptyState icon={ListTree} title={t('compliance.inspector.noProperties')} className="py-8" />;
  }
  return (
    <Accordion
      // A new element starts again with its own first two groups open.
      key={`${element.file_version_id}:${element.viewer_db_id}`}
      type="multiple"
      defaultValue={initiallyOpenGroups(groups)}
    >
      {groups.map((group) => (
        <AccordionItem key={group.set} value={group.set}>
          <AccordionTrigger>
            <span className="min-w-0 flex-1 truncate" title={setName(group.set)}>
              {setName(group.set)}
            </span>
            <span className="rounded-full bg-muted px-2 py-0.5 text-xs text-muted-foreground">
              {group.properties.length}
            </span>
          </AccordionTrigger>
          <AccordionContent>
            <dl className="divide-y divide-border rounded-md border border-border">
              {group.properties.map((property) => (
                <div
                  key={property.name}
                  className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-3 px-3 py-1.5"
                >
                  <dt className="truncate text-muted-foreground" title={property.name}>
                    {property.name}
                  </dt>
                  <dd
                    className={
                      property.value === NULL_VALUE
                        ? 'text-muted-foreground italic'
                        : 'break-words font-medium'
                    }
                  >
                    {property.value === NULL_VALUE ? t('compliance.noValue') : property.value}
                  </dd>
                </div>
              ))}
            </dl>
          </AccordionContent>
        </AccordionItem>
      ))}
    </Accordion>
  );
}
