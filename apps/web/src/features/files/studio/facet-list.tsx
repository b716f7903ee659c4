import type { IdsIfcVersion } from '@plumbline/contracts';
import type { Facet, IdsValue } from '@plumbline/ids/document';
import type { FacetSection, IdsEdit } from '@plumbline/ids/edit/index';
import { ArrowDown, ArrowUp, Copy, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useStudioT } from '@/lib/i18n/studio';
import { draftOf } from './facet-draft';
import { FacetForm } from './facet-form';
import type { StudioModel } from './studio-api';

/** A value as the file writes it, short: 'IFCDOOR', 'EI30 | EI60', a pattern between slashes. */
function shortValue(value: IdsValue | null): string {
  if (value === null) return '';
  if (value.kind === 'simple') return value.value;
  if (value.enumeration.length > 0) return value.enumeration.join(' | ');
  if (value.patterns.length > 0) return value.patterns.map((p) => `/${p}/`).join(' | ');
  return value.base;
}

/** A facet in a few words: its kind's name and what it names. */
function facetText(facet: Facet, kindName: string): string {
  switch (facet.type) {
    case 'entity':
      return `${kindName} ${shortValue(facet.name)} ${shortValue(facet.predefinedType)}`.trim();
    case 'property': {
      const value = shortValue(facet.value);
      return `${kindName} ${shortValue(facet.propertySet)}.${shortValue(facet.baseName)}${value ? ` = ${value}` : ''}`;
    }
    case 'attribute':
      return `${kindName} ${shortValue(facet.name)} ${shortValue(facet.value)}`.trim();
    case 'classification':
      return `${kindName} ${shortValue(facet.system)} ${shortValue(facet.value)}`.trim();
    case 'material':
      return `${kindName} ${shortValue(facet.value)}`.trim();
    case 'partOf':
      return `${kindName} ${shortValue(facet.entity.name)}`;
  }
}

export interface FacetListProps {
  spec: number;
  section: FacetSection;
  facets: readonly Facet[];
  projectId: string;
  model: StudioModel | null;
  ifcVersion: IdsIfcVersion;
  /** The IFC class the specification applies to ('' when it names none): attribute choices. */
  appliesTo: string;
  onEdit: (edit: IdsEdit) => void;
}

/** One section of a specification: its facets with edit, move, duplicate and delete, and adding one. */
export function FacetList(props: FacetListProps) {
  const { spec, section, facets, projectId, model, ifcVersion, appliesTo, onEdit } = props;
  const t = useStudioT();
  // Which facet's form is open: an index, 'new', or none.
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const sectionName = t(`studio.section.${section}`);
  const headingId = `studio-spec-${spec}-${section}`;
  const formProps = { projectId, model, ifcVersion, section, appliesTo, onCancel: () => setEditing(null) };
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h4 id={headingId} className="text-sm font-medium">
        {sectionName}
      </h4>
      {facets.length === 0 && <p className="text-sm text-muted-foreground">{t('studio.section.empty')}</p>}
      <ol className="space-y-1" aria-labelledby={headingId}>
        {facets.map((facet, index) => {
          const named = facetText(facet, t(`studio.facet.kind.${facet.type}`));
          // A requirement that is optional or prohibited says so (required is the default).
          const text =
            facet.cardinality === 'required'
              ? named
              : `${named} (${t(`studio.cardinality.${facet.cardinality}`)})`;
          const draft = draftOf(facet);
          const at = { spec, section, index };
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a facet's place is its identity in this text
            <li key={index} className="space-y-2">
              <div className="flex flex-wrap items-center gap-1 text-sm">
                <span className="mr-auto break-all font-mono text-xs">
                  {text}
                  {!draft && (
                    <span className="block font-sans text-muted-foreground">
                      {t('studio.facet.notEditable')}
                    </span>
                  )}
                </span>
                {draft && (
                  <IconButton
                    label={t('studio.facet.edit', { facet: text })}
                    onClick={() => setEditing(index)}
                  >
                    <Pencil aria-hidden="true" />
                  </IconButton>
                )}
                <IconButton
                  label={t('studio.facet.moveUp', { facet: text })}
                  disabled={index === 0}
                  onClick={() => onEdit({ op: 'moveFacet', ...at, to: index - 1 })}
                >
                  <ArrowUp aria-hidden="true" />
                </IconButton>
                <IconButton
                  label={t('studio.facet.moveDown', { facet: text })}
                  disabled={index === facets.length - 1}
                  onClick={() => onEdit({ op: 'moveFacet', ...at, to: index + 1 })}
                >
                  <ArrowDown aria-hidden="true" />
                </IconButton>
                <IconButton
                  label={t('studio.facet.duplicate', { facet: text })}
                  onClick={() => onEdit({ op: 'duplicateFacet', ...at })}
                >
                  <Copy aria-hidden="true" />
                </IconButton>
                <IconButton
                  label={t('studio.facet.remove', { facet: text })}
                  onClick={() => onEdit({ op: 'removeFacet', ...at })}
                >
                  <Trash2 aria-hidden="true" />
                </IconButton>
              </div>
              {editing === index && draft && (
                <FacetForm
                  {...formProps}
                  id={`${headingId}-${index}`}
                  initial={draft}
                  kinds={[draft.kind]}
                  onApply={(next) => {
                    setEditing(null);
                    onEdit({ op: 'replaceFacet', ...at, facet: next });
                  }}
                />
              )}
            </li>
          );
        })}
      </ol>
      {editing === 'new' ? (
        <FacetForm
          {...formProps}
          id={`${headingId}-new`}
          onApply={(facet) => {
            setEditing(null);
            onEdit({ op: 'addFacet', spec, section, facet });
          }}
        />
      ) : (
        <Button type="button" size="sm" variant="outline" onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" />
          {t('studio.facet.add', { section: sectionName })}
        </Button>
      )}
    </section>
  );
}

function IconButton({
  label,
  onClick,
  disabled,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  children: React.ReactNode;
}) {
  return (
    <Button
      type="button"
      size="icon"
      variant="ghost"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}
