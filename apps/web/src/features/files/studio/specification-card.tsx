import type { Specification, SpecificationCardinality } from '@plumbline/ids/document';
import type { SpecificationField } from '@plumbline/ids/edit/index';
import type { Diagnostic, Fix } from '@plumbline/ids/lint/index';
import type { ReactNode } from 'react';
import { useStudioT } from '@/lib/i18n/studio';
import { ChoiceSelect } from './choice-select';
import { FieldInput } from './field-input';
import { LabelledField } from './labelled-field';
import { ProblemsList } from './problems-list';
import { sentenceOf } from './studio-document';

export interface SpecificationCardProps {
  spec: Specification;
  index: number;
  diagnostics: readonly Diagnostic[];
  onField: (field: SpecificationField, value: string | null) => void;
  /** Sets whether the specification is required, optional or prohibited (its applicability's occurs). */
  onCardinality?: (cardinality: SpecificationCardinality) => void;
  onFix?: (fix: Fix) => void;
  /** The Studio's facet editing and live count of the specification. */
  children?: ReactNode;
}

const FIELDS = ['name', 'identifier', 'description', 'instructions'] as const;

const SPEC_CARDINALITIES: readonly SpecificationCardinality[] = ['required', 'optional', 'prohibited'];

/** The IFC versions IDS 1.0 names (ids.xsd). */
const IFC_VERSIONS = ['IFC2X3', 'IFC4', 'IFC4X3_ADD2'] as const;

/** One specification: its fields, its meaning in one sentence and the problems found in it. */
export function SpecificationCard({
  spec,
  index,
  diagnostics,
  onField,
  onCardinality,
  onFix,
  children,
}: SpecificationCardProps) {
  const t = useStudioT();
  const headingId = `studio-spec-${index}`;
  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-lg border border-border p-4">
      <h3 id={headingId} className="font-medium">
        {t('studio.spec.heading', { n: index + 1, name: spec.name || t('studio.spec.untitled') })}
      </h3>
      <p className="text-sm" data-testid="specification-sentence">
        {sentenceOf(spec)}
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {FIELDS.map((field) => {
          const id = `${headingId}-${field}`;
          return (
            <LabelledField key={field} id={id} label={t(`studio.spec.field.${field}`)}>
              <FieldInput
                id={id}
                value={spec[field] ?? ''}
                onChange={(value) => onField(field, value === '' && field !== 'name' ? null : value)}
              />
            </LabelledField>
          );
        })}
      </div>
      {onCardinality && (
        <div className="max-w-xs">
          <ChoiceSelect
            id={`${headingId}-cardinality`}
            label={t('studio.spec.cardinality')}
            value={spec.cardinality}
            choices={SPEC_CARDINALITIES.map((c) => ({ value: c, label: t(`studio.spec.cardinality.${c}`) }))}
            onChange={(value) => onCardinality(value as SpecificationCardinality)}
          />
        </div>
      )}
      <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
        <legend className="mb-1 text-sm font-medium">{t('studio.spec.ifcVersions')}</legend>
        {IFC_VERSIONS.map((version) => {
          const checked = spec.ifcVersions.includes(version);
          return (
            <label key={version} className="flex items-center gap-1.5">
              <input
                type="checkbox"
                checked={checked}
                onChange={() => {
                  // Versions IDS 1.0 does not name stay as written (the linter says so).
                  const others = spec.ifcVersions.filter(
                    (v) => !(IFC_VERSIONS as readonly string[]).includes(v),
                  );
                  const next = IFC_VERSIONS.filter((v) =>
                    v === version ? !checked : spec.ifcVersions.includes(v),
                  );
                  // None ticked: the attribute goes (the linter then says so and offers to add one).
                  const list = [...next, ...others].join(' ');
                  onField('ifcVersion', list === '' ? null : list);
                }}
              />
              {version}
            </label>
          );
        })}
      </fieldset>
      {children}
      <ProblemsList diagnostics={diagnostics} onFix={onFix} />
    </section>
  );
}
