import type { IdsFacet } from '@plumbline/contracts';
import { Badge } from '@/components/ui/badge';
import { facetTypeLabel } from '@/lib/facet-labels';
import { useT } from '@/lib/i18n';
import { facetsByType, facetText } from './facet-text';

/** A specification's facets listed by type (spec 1 §2.3), each with its cardinality. */
export function FacetList({ title, facets }: { title: string; facets: readonly IdsFacet[] }) {
  const t = useT('schema', 'common');
  return (
    <section className="space-y-2">
      <h4 className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{title}</h4>
      {facets.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('schema.facets.none')}</p>
      ) : (
        facetsByType(facets).map((group) => (
          <div key={group.type} className="space-y-1">
            <p className="text-sm font-medium">{facetTypeLabel(t, group.type)}</p>
            <ul className="space-y-1">
              {group.facets.map((facet) => (
                <li key={facet.id} className="flex flex-wrap items-center gap-2 text-sm">
                  <span className="break-all">{facetText(t, facet)}</span>
                  {facet.cardinality !== 'required' && (
                    <Badge variant="outline">
                      {t('schema.facet.cardinality', { cardinality: facet.cardinality })}
                    </Badge>
                  )}
                  {facet.instructions && (
                    <span className="text-xs text-muted-foreground">{facet.instructions}</span>
                  )}
                </li>
              ))}
            </ul>
          </div>
        ))
      )}
    </section>
  );
}
