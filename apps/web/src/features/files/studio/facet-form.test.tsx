// @vitest-environment happy-dom
import type { StudioSchema } from '@plumbline/contracts';
import type { Facet } from '@plumbline/ids/document';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/lib/testing/fetch-mock';
import { renderWithApp } from '@/lib/testing/render';
import { EMPTY_DRAFT } from './facet-draft';
import { FacetForm, type FacetFormProps } from './facet-form';

const SCHEMA: StudioSchema = {
  ifc_version: 'IFC4',
  entities: [
    {
      name: 'IfcDoor',
      abstract: false,
      parent: 'IfcBuildingElement',
      rooted: true,
      predefined_types: ['DOOR', 'GATE'],
      attributes: ['GlobalId', 'Name', 'Description', 'Tag'],
    },
    {
      name: 'IfcBuildingStorey',
      abstract: false,
      parent: 'IfcSpatialStructureElement',
      rooted: true,
      predefined_types: [],
      attributes: ['GlobalId', 'Name', 'Elevation'],
    },
  ],
  property_sets: [],
  data_types: [{ name: 'IFCLABEL', base: 'string', unit_type: null, unit: null }],
};

function renderForm(props: Partial<FacetFormProps> = {}) {
  mockApi({ 'GET /ids-studio/schema/IFC4': { body: SCHEMA } });
  const onApply = vi.fn<(facet: Facet) => void>();
  const rendered = renderWithApp(
    <FacetForm
      id="t"
      projectId=""
      model={null}
      ifcVersion="IFC4"
      section="requirements"
      appliesTo="IFCDOOR"
      onApply={onApply}
      onCancel={() => {}}
      {...props}
    />,
  );
  return { ...rendered, onApply };
}

const NOWHERE = { line: 0, column: 0 };

describe('the facet form', () => {
  it('offers all six kinds and writes an attribute of the class the specification applies to, with a pattern', async () => {
    const { user, onApply } = renderForm();
    const kind = screen.getByRole('combobox', { name: 'Kind' });
    expect([...kind.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'IFC class',
      'Property',
      'Attribute',
      'Classification',
      'Material',
      'Part of',
    ]);
    await user.selectOptions(kind, 'attribute');
    const attribute = screen.getByRole('combobox', { name: 'Attribute' });
    // The door's attributes (from the schema), not the storey's Elevation.
    await screen.findByRole('option', { name: 'Tag' });
    expect(screen.queryByRole('option', { name: 'Elevation' })).toBeNull();
    await user.selectOptions(attribute, 'Tag');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Value' }), 'pattern');
    await user.type(screen.getByLabelText('Pattern (XSD regular expression)'), 'D-.+');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Cardinality' }), 'optional');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledWith({
      type: 'attribute',
      name: { kind: 'simple', value: 'Tag' },
      value: { kind: 'restriction', base: 'string', enumeration: [], patterns: ['D-.+'] },
      cardinality: 'optional',
      instructions: null,
      location: NOWHERE,
    });
  });

  it('writes a classification with several values typed, separated by |', async () => {
    const { user, onApply } = renderForm({ kinds: ['classification'] });
    const apply = screen.getByRole('button', { name: 'Apply' });
    expect(apply).toBeDisabled();
    await user.type(screen.getByLabelText('Classification system'), 'Uniclass 2015');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Value' }), 'values');
    await user.type(screen.getByLabelText('Values (separate several with |)'), 'EF_25_10 | EF_25_30');
    await user.click(apply);
    expect(onApply).toHaveBeenCalledWith(
      expect.objectContaining({
        type: 'classification',
        system: { kind: 'simple', value: 'Uniclass 2015' },
        value: { kind: 'restriction', base: 'string', enumeration: ['EF_25_10', 'EF_25_30'], patterns: [] },
        cardinality: 'required',
        uri: null,
      }),
    );
  });

  it('writes a prohibited material and a part-of with its relation', async () => {
    const { user, onApply } = renderForm({ kinds: ['material', 'partOf'] });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Cardinality' }), 'prohibited');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenLastCalledWith(
      expect.objectContaining({ type: 'material', value: null, cardinality: 'prohibited' }),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'partOf');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Relation' }), 'IFCRELAGGREGATES');
    await screen.findByRole('option', { name: 'IfcBuildingStorey' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'IFC class' }), 'IFCBUILDINGSTOREY');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenLastCalledWith(
      expect.objectContaining({
        type: 'partOf',
        relation: 'IFCRELAGGREGATES',
        entity: { name: { kind: 'simple', value: 'IFCBUILDINGSTOREY' }, predefinedType: null },
        cardinality: 'prohibited',
      }),
    );
  });

  it('has no cardinality in applicability, and edits a facet from its draft', async () => {
    const { user, onApply } = renderForm({
      section: 'applicability',
      kinds: ['material'],
      initial: {
        ...EMPTY_DRAFT,
        kind: 'material',
        valueForm: 'values',
        values: ['Oak'],
        uri: 'https://x/oak',
      },
    });
    expect(screen.queryByRole('combobox', { name: 'Cardinality' })).toBeNull();
    const values = screen.getByLabelText('Values (separate several with |)');
    expect(values).toHaveValue('Oak');
    await user.type(values, ' | Beech');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledWith({
      type: 'material',
      value: { kind: 'restriction', base: 'string', enumeration: ['Oak', 'Beech'], patterns: [] },
      uri: 'https://x/oak',
      cardinality: 'required',
      instructions: null,
      location: NOWHERE,
    });
  });
});
