// @vitest-environment happy-dom
import type { StudioSchema } from '@plumbline/contracts';
import type { Facet } from '@plumbline/ids/document';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/lib/testing/fetch-mock';
import { renderWithApp } from '@/lib/testing/render';
import { EMPTY_DRAFT, NO_BOUNDS } from './facet-draft';
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
  it('writes bounds and lengths from their fields, and reads bounds back into them', async () => {
    const { user, onApply } = renderForm({ kinds: ['attribute'] });
    await screen.findByRole('option', { name: 'Tag' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Attribute' }), 'Tag');
    const form = screen.getByRole('combobox', { name: 'Value' });
    expect([...form.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'Any value',
      'One of these values',
      'Matches a pattern',
      'Within bounds',
      'Of a length',
    ]);
    await user.selectOptions(form, 'length');
    const apply = screen.getByRole('button', { name: 'Apply' });
    // No length stated yet: nothing to apply.
    expect(apply).toBeDisabled();
    expect(screen.queryByLabelText('At least')).toBeNull();
    await user.type(screen.getByLabelText('At least this many characters'), '3');
    await user.type(screen.getByLabelText('At most this many characters'), '8');
    await user.click(apply);
    expect(onApply).toHaveBeenLastCalledWith(
      expect.objectContaining({
        type: 'attribute',
        value: {
          kind: 'restriction',
          base: 'string',
          enumeration: [],
          patterns: [],
          minLength: '3',
          maxLength: '8',
        },
      }),
    );
    await user.selectOptions(form, 'bounds');
    expect(screen.queryByLabelText('At most this many characters')).toBeNull();
    await user.type(screen.getByLabelText('More than'), '0');
    await user.type(screen.getByLabelText('At most'), '2.5');
    await user.click(apply);
    expect(onApply).toHaveBeenLastCalledWith(
      expect.objectContaining({
        value: {
          kind: 'restriction',
          base: 'double',
          enumeration: [],
          patterns: [],
          minExclusive: '0',
          maxInclusive: '2.5',
        },
      }),
    );
  });

  it("shows a facet's bounds from its draft and keeps its restriction base", async () => {
    const { user, onApply } = renderForm({
      kinds: ['property'],
      initial: {
        ...EMPTY_DRAFT,
        kind: 'property',
        propertySet: 'Pset_WallCommon',
        property: 'ThermalTransmittance',
        valueForm: 'bounds',
        bounds: { ...NO_BOUNDS, maxInclusive: '0.3' },
        boundsBase: 'decimal',
      },
    });
    const max = screen.getByLabelText('At most');
    expect(max).toHaveValue('0.3');
    await user.clear(max);
    await user.type(max, '0.25');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledWith(
      expect.objectContaining({
        value: { kind: 'restriction', base: 'decimal', enumeration: [], patterns: [], maxInclusive: '0.25' },
      }),
    );
  });

  it("edits a requirement's instructions and URI", async () => {
    const { user, onApply } = renderForm({
      kinds: ['material'],
      initial: {
        ...EMPTY_DRAFT,
        kind: 'material',
        instructions: 'Name the load-bearing layer',
        uri: 'https://x/oak',
      },
    });
    const instructions = screen.getByLabelText('Instructions for the modeller');
    expect(instructions).toHaveValue('Name the load-bearing layer');
    await user.clear(instructions);
    await user.type(instructions, 'Use the BEP names');
    const uri = screen.getByLabelText('URI (for example a bSDD property)');
    await user.clear(uri);
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenLastCalledWith(
      expect.objectContaining({ type: 'material', instructions: 'Use the BEP names', uri: null }),
    );
  });

  it('offers instructions but no URI for an attribute, and neither in applicability', async () => {
    const first = renderForm({ kinds: ['attribute'] });
    expect(screen.getByLabelText('Instructions for the modeller')).toBeInTheDocument();
    expect(screen.queryByLabelText('URI (for example a bSDD property)')).toBeNull();
    first.unmount();
    renderForm({ kinds: ['material'], section: 'applicability' });
    await screen.findByRole('button', { name: 'Apply' });
    expect(screen.queryByLabelText('Instructions for the modeller')).toBeNull();
    expect(screen.queryByLabelText('URI (for example a bSDD property)')).toBeNull();
  });
});
