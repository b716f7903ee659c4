import type { IdsIfcVersion } from '@plumbline/contracts';
import type { Facet, FacetCardinality } from '@plumbline/ids/document';
import type { FacetSection } from '@plumbline/ids/edit/index';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useStudioT } from '@/lib/i18n/studio';
import { ChoiceSelect } from './choice-select';
import {
  attributeChoices,
  classChoices,
  predefinedTypeChoices,
  propertyChoices,
  propertySetChoices,
  proposedDataType,
  restrictionBase,
} from './facet-choices';
import {
  DRAFT_KINDS,
  type DraftKind,
  draftComplete,
  EMPTY_DRAFT,
  type FacetDraft,
  facetOf,
  PART_OF_RELATIONS,
} from './facet-draft';
import { FieldInput } from './field-input';
import { NoteFields } from './note-fields';
import { type StudioModel, useModelFacts, usePropertyValues, useStudioSchema } from './studio-api';
import { ValueFields } from './value-fields';

export interface FacetFormProps {
  id: string;
  projectId: string;
  model: StudioModel | null;
  ifcVersion: IdsIfcVersion;
  /** The section the facet goes in: applicability facets have no cardinality (ids.xsd). */
  section?: FacetSection;
  /** The class the specification applies to, whose attributes an attribute facet lists first. */
  appliesTo?: string;
  initial?: FacetDraft;
  /** The kinds offered (a new specification starts with its IFC class). */
  kinds?: readonly DraftKind[];
  onApply: (facet: Facet) => void;
  onCancel: () => void;
}

const CARDINALITIES: readonly FacetCardinality[] = ['required', 'optional', 'prohibited'];

/**
 * Adds or edits a facet of any of the six kinds, with choices from the schema of the specification's
 * IFC version and from the chosen model (its classes, sets and values first, with counts), and, in
 * requirements, its cardinality.
 */
export function FacetForm(props: FacetFormProps) {
  const { id, projectId, model, ifcVersion, kinds = DRAFT_KINDS, section } = props;
  const t = useStudioT();
  const [draft, setDraft] = useState<FacetDraft>(
    props.initial ?? { ...EMPTY_DRAFT, kind: kinds[0] ?? 'entity' },
  );
  const schema = useStudioSchema(ifcVersion).data;
  const facts = useModelFacts(projectId, model).data;
  const inModel = (count: number) => t('studio.facet.inModel', { count });
  const change = (patch: Partial<FacetDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const groups = (lists: {
    model: { value: string; label: string }[];
    schema: { value: string; label: string }[];
  }) => [
    { label: t('studio.facet.inModel', { count: lists.model.length }), choices: lists.model },
    { label: ifcVersion, choices: lists.schema },
  ];
  const classFields = (
    <div className="grid gap-3 sm:grid-cols-2">
      <ChoiceSelect
        id={`${id}-class`}
        label={t('studio.facet.class')}
        value={draft.ifcClass}
        placeholder={t('studio.facet.classChoose')}
        groups={groups(classChoices(schema, facts, inModel))}
        onChange={(ifcClass) => change({ ifcClass, predefinedType: '' })}
      />
      <ChoiceSelect
        id={`${id}-predefined`}
        label={t('studio.facet.predefinedType')}
        value={draft.predefinedType}
        placeholder={t('studio.facet.any')}
        choices={predefinedTypeChoices(schema, draft.ifcClass)}
        onChange={(predefinedType) => change({ predefinedType })}
      />
    </div>
  );
  const hasCardinality = section === 'requirements' && draft.kind !== 'entity';

  return (
    <form
      aria-label={t('studio.facet.kind')}
      className="space-y-3 rounded-md border border-dashed border-border p-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (draftComplete(draft))
          props.onApply(facetOf(draft, restrictionBase(schema, draft.dataType), section));
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        {kinds.length > 1 && (
          <ChoiceSelect
            id={`${id}-kind`}
            label={t('studio.facet.kind')}
            value={draft.kind}
            choices={kinds.map((k) => ({ value: k, label: t(`studio.facet.kind.${k}`) }))}
            onChange={(kind) => change({ kind: kind as DraftKind })}
          />
        )}
        {hasCardinality && (
          <ChoiceSelect
            id={`${id}-cardinality`}
            label={t('studio.facet.cardinality')}
            value={draft.cardinality}
            choices={CARDINALITIES.map((c) => ({ value: c, label: t(`studio.cardinality.${c}`) }))}
            onChange={(cardinality) => change({ cardinality: cardinality as FacetCardinality })}
          />
        )}
      </div>
      {draft.kind === 'entity' && classFields}
      {draft.kind === 'partOf' && (
        <>
          <ChoiceSelect
            id={`${id}-relation`}
            label={t('studio.facet.relation')}
            value={draft.relation}
            placeholder={t('studio.facet.relationAny')}
            choices={PART_OF_RELATIONS.map((r) => ({ value: r, label: r }))}
            onChange={(relation) => change({ relation: relation as FacetDraft['relation'] })}
          />
          {classFields}
        </>
      )}
      {draft.kind === 'property' && (
        <PropertyFields
          id={id}
          draft={draft}
          projectId={projectId}
          model={model}
          change={change}
          setChoices={propertySetChoices(schema, facts, '', inModel)}
          propertyList={propertyChoices(schema, facts, draft.propertySet, inModel)}
          dataTypes={(schema?.data_types ?? []).map((d) => ({ value: d.name, label: d.name }))}
          groups={groups}
          propose={(set, name) => proposedDataType(schema, facts, set, name)}
        />
      )}
      {draft.kind === 'attribute' && (
        <>
          <ChoiceSelect
            id={`${id}-attribute`}
            label={t('studio.facet.attribute')}
            value={draft.name}
            placeholder={t('studio.facet.attributeChoose')}
            choices={attributeChoices(schema, props.appliesTo ?? '', draft.name)}
            onChange={(name) => change({ name })}
          />
          <ValueFields id={id} draft={draft} change={change} />
        </>
      )}
      {draft.kind === 'classification' && (
        <>
          <div className="space-y-1">
            <label htmlFor={`${id}-system`} className="text-sm font-medium">
              {t('studio.facet.system')}
            </label>
            <FieldInput id={`${id}-system`} value={draft.system} onChange={(system) => change({ system })} />
          </div>
          <ValueFields id={id} draft={draft} change={change} />
        </>
      )}
      {draft.kind === 'material' && <ValueFields id={id} draft={draft} change={change} />}
      {section === 'requirements' && <NoteFields id={id} draft={draft} change={change} />}
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={!draftComplete(draft)}>
          {t('studio.facet.save')}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={props.onCancel}>
          {t('studio.facet.cancel')}
        </Button>
      </div>
    </form>
  );
}

type Choices = { value: string; label: string }[];

function PropertyFields(props: {
  id: string;
  draft: FacetDraft;
  projectId: string;
  model: StudioModel | null;
  change: (patch: Partial<FacetDraft>) => void;
  setChoices: { model: Choices; schema: Choices };
  propertyList: Choices;
  dataTypes: Choices;
  groups: (lists: { model: Choices; schema: Choices }) => { label: string; choices: Choices }[];
  propose: (propertySet: string, name: string) => string;
}) {
  const { id, draft, change } = props;
  const t = useStudioT();
  const chosen =
    draft.propertySet && draft.property ? { propertySet: draft.propertySet, name: draft.property } : null;
  const values = usePropertyValues(props.projectId, props.model, chosen);
  const noValue = { valueForm: 'any' as const, values: [], pattern: '' };
  // Ticking a value the model has states exact values; unticking the last states none.
  const tick = (value: string, on: boolean) => {
    const next = on ? [...draft.values, value] : draft.values.filter((v) => v !== value);
    change({ values: next, valueForm: next.length > 0 ? 'values' : 'any', pattern: '' });
  };
  return (
    <div className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-3">
        <ChoiceSelect
          id={`${id}-pset`}
          label={t('studio.facet.propertySet')}
          value={draft.propertySet}
          placeholder={t('studio.facet.propertySetChoose')}
          groups={props.groups(props.setChoices)}
          onChange={(propertySet) => change({ propertySet, property: '', dataType: '', ...noValue })}
        />
        <ChoiceSelect
          id={`${id}-property`}
          label={t('studio.facet.property')}
          value={draft.property}
          placeholder={t('studio.facet.propertyChoose')}
          choices={props.propertyList}
          onChange={(property) =>
            change({ property, dataType: props.propose(draft.propertySet, property), ...noValue })
          }
        />
        <ChoiceSelect
          id={`${id}-datatype`}
          label={t('studio.facet.dataType')}
          value={draft.dataType}
          placeholder={t('studio.facet.any')}
          choices={props.dataTypes}
          onChange={(dataType) => change({ dataType })}
        />
      </div>
      {chosen && (
        <fieldset className="space-y-1 text-sm">
          <legend className="mb-1 font-medium">{t('studio.facet.values')}</legend>
          {props.model === null ? (
            <p className="text-muted-foreground">{t('studio.facet.valuesNeedModel')}</p>
          ) : values.isPending ? (
            <p role="status">{t('studio.facet.valuesLoading')}</p>
          ) : (values.data?.values.length ?? 0) === 0 ? (
            <p className="text-muted-foreground">{t('studio.facet.valuesNone')}</p>
          ) : (
            values.data?.values.map(({ value, count }) => (
              <label key={value} className="flex items-center gap-2">
                <input
                  type="checkbox"
                  checked={draft.valueForm === 'values' && draft.values.includes(value)}
                  onChange={(event) => tick(value, event.target.checked)}
                />
                {t('studio.facet.valueCount', { value, count })}
              </label>
            ))
          )}
        </fieldset>
      )}
      {chosen && <ValueFields id={id} draft={draft} change={change} />}
    </div>
  );
}
