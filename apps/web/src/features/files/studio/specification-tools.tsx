import { IDS_IFC_VERSIONS, type IdsIfcVersion, type StudioLiveSpecification } from '@plumbline/contracts';
import type { Specification } from '@plumbline/ids/document';
import type { IdsEdit } from '@plumbline/ids/edit/index';
import { ArrowDown, ArrowUp, Copy, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useStudioT } from '@/lib/i18n/studio';
import { FacetList } from './facet-list';
import type { StudioModel } from './studio-api';

/** The IFC version whose tables the pickers use: the specification's first that IDS 1.0 names. */
export function pickerVersion(spec: Specification): IdsIfcVersion {
  const known = spec.ifcVersions.find((v): v is IdsIfcVersion =>
    (IDS_IFC_VERSIONS as readonly string[]).includes(v),
  );
  return known ?? 'IFC4';
}

export interface SpecificationToolsProps {
  spec: Specification;
  index: number;
  count: number;
  projectId: string;
  model: StudioModel | null;
  live: { counts: StudioLiveSpecification | undefined; current: boolean } | null;
  onEdit: (edit: IdsEdit) => void;
}

/**
 * The editing of one specification beyond its fields: move, duplicate and delete it, its
 * applicability and requirements facet by facet, and its live count on the chosen model.
 */
export function SpecificationTools({
  spec,
  index,
  count,
  projectId,
  model,
  live,
  onEdit,
}: SpecificationToolsProps) {
  const t = useStudioT();
  const n = index + 1;
  const entity = spec.applicability.find((f) => f.type === 'entity');
  const appliesTo = entity?.type === 'entity' && entity.name.kind === 'simple' ? entity.name.value : '';
  const lists = { spec: index, projectId, model, ifcVersion: pickerVersion(spec), appliesTo, onEdit };
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-1">
        <Button
          type="button"
          size="sm"
          variant="ghost"
          disabled={index === 0}
          onClick={() => onEdit({ op: 'moveSpecification', spec: index, to: index - 1 })}
        >
          <ArrowUp aria-hidden="true" /> {t('studio.spec.moveUp', { n })}
        </Button>
        <Button
          type="button"
          size="sm"
          variant="ghost"
          disabled={index === count - 1}
          onClick={() => onEdit({ op: 'moveSpecification', spec: index, to: index + 1 })}
        >
          <ArrowDown aria-hidden="true" /> {t('studio.spec.moveDown', { n })}
        </Button>
        <Button
          type="button"
          size="sm"
          variant="ghost"
          onClick={() => onEdit({ op: 'duplicateSpecification', spec: index })}
        >
          <Copy aria-hidden="true" /> {t('studio.spec.duplicate', { n })}
        </Button>
        <Button
          type="button"
          size="sm"
          variant="ghost"
          disabled={count === 1}
          onClick={() => onEdit({ op: 'removeSpecification', spec: index })}
        >
          <Trash2 aria-hidden="true" /> {t('studio.spec.remove', { n })}
        </Button>
      </div>
      <FacetList {...lists} section="applicability" facets={spec.applicability} />
      <FacetList {...lists} section="requirements" facets={spec.requirements} />
      {live && <LiveCount {...live} />}
    </div>
  );
}

function LiveCount({ counts, current }: { counts: StudioLiveSpecification | undefined; current: boolean }) {
  const t = useStudioT();
  const text =
    counts === undefined
      ? t('studio.live.checking')
      : counts.applicable === null
        ? t('studio.live.unknown')
        : t('studio.live.counts', {
            applicable: counts.applicable,
            passed: counts.passed ?? 0,
            failed: counts.failed ?? 0,
          });
  return (
    <p className="text-sm" aria-busy={!current} data-testid="live-count">
      <span className="font-medium">{t('studio.live.heading')}: </span>
      {text}
    </p>
  );
}
