// @vitest-environment happy-dom
// The Element Inspector's validation tab shows the element's validity findings and, beside each
// specification, why a validity error makes its verdict unreliable (issue 38).
import type { ElementCompliance } from '@plumbline/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/lib/testing/render';
import { ValidationTab } from './validation-tab';

const spec = (
  id: string,
  name: string,
  marks: ElementCompliance['specifications'][number]['validity_marks'],
) => ({
  specification_id: id,
  specification_name: name,
  specification_identifier: null,
  ids_file_id: '00000000-0000-4000-8000-0000000000aa',
  ids_file_name: 'rules.ids',
  is_applicable: true,
  meets_requirements: true,
  is_waived: false,
  last_checked_at: null,
  applicability_results: [],
  requirement_results: [],
  overall_errors: [],
  failure_reasons: [],
  validity_marks: marks,
});

const COMPLIANCE: ElementCompliance = {
  element_id: '29aSJRCFL2zQJwQ38qGJb1',
  viewer_db_id: 68,
  file_version_id: '00000000-0000-4000-8000-000000000003',
  overall_compliance_status: 'compliant',
  applicable_specifications: 2,
  compliant_specifications: 2,
  waived_specifications: 0,
  specifications: [
    spec('00000000-0000-4000-8000-000000000011', 'Walls say whether they are external', [
      { code: 'repeated_property_set', rule: 'SCH002', property_sets: ['Pset_WallCommon'] },
    ]),
    spec('00000000-0000-4000-8000-000000000012', 'Walls are named', []),
  ],
  validity_findings: [
    {
      rule: 'SCH002',
      severity: 'error',
      message: { id: 'validity.SCH002.repeated', values: { name: 'Pset_WallCommon' } },
    },
  ],
};

describe('the Element Inspector validation tab (issue 38)', () => {
  it("shows the element's validity findings with the rule's explanation", async () => {
    renderWithApp(<ValidationTab compliance={COMPLIANCE} isLoading={false} error={null} />);
    const block = await screen.findByRole('region', { name: 'Model validity findings on this element' });
    expect(within(block).getByText('SCH002')).toBeTruthy();
    expect(block.textContent).toContain('An object or type carries no two property sets of the same name');
    expect(block.textContent).toContain('Pset_WallCommon');
  });

  it('marks only the verdict the finding makes unreliable, with the reason', async () => {
    renderWithApp(<ValidationTab compliance={COMPLIANCE} isLoading={false} error={null} />);
    const table = await screen.findByRole('table', { name: 'Specifications' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]?.textContent).toContain(
      'Unreliable: property set Pset_WallCommon is written twice on this element (SCH002).',
    );
    expect(rows[1]?.textContent).not.toContain('Unreliable');
  });
});
