import { IDS_IFC_VERSIONS, type IdsIfcVersion } from '@plumbline/contracts';
import type { Facet, Specification } from '@plumbline/ids/document';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useStudioT } from '@/lib/i18n/studio';
import { FacetForm } from './facet-form';
import { type StudioModel, useModelFacts } from './studio-api';

/** A new specification: its IFC class first (IDS needs an applicability), for the model's IFC version. */
export function NewSpecification({
  projectId,
  model,
  onAdd,
}: {
  projectId: string;
  model: StudioModel | null;
  onAdd: (spec: Specification) => void;
}) {
  const t = useStudioT();
  const [open, setOpen] = useState(false);
  const schema = useModelFacts(projectId, model).data?.ifc_schema ?? '';
  const version: IdsIfcVersion = (IDS_IFC_VERSIONS as readonly string[]).includes(schema)
    ? (schema as IdsIfcVersion)
    : 'IFC4';
  if (!open)
    return (
      <Button type="button" variant="outline" onClick={() => setOpen(true)}>
        <Plus aria-hidden="true" />
        {t('studio.spec.add')}
      </Button>
    );
  return (
    <FacetForm
      id="studio-new-spec"
      projectId={projectId}
      model={model}
      ifcVersion={version}
      kinds={['entity']}
      onCancel={() => setOpen(false)}
      onApply={(facet: Facet) => {
        setOpen(false);
        onAdd({
          name: t('studio.spec.newName'),
          identifier: null,
          description: null,
          instructions: null,
          ifcVersions: [version],
          minOccurs: 1,
          maxOccurs: null,
          cardinality: 'required',
          applicability: [facet],
          requirements: [],
          location: { line: 0, column: 0 },
        });
      }}
    />
  );
}
