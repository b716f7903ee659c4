// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/lib/testing/fetch-mock';
import { renderWithApp } from '@/lib/testing/render';
import { ValidityTab } from './validity-tab';

const PROJECT = '00000000-0000-4000-8000-000000000001';
const FILE = '00000000-0000-4000-8000-000000000002';
const VERSION = '00000000-0000-4000-8000-000000000003';

const rule = (
  rule: string,
  severity: 'error' | 'warning',
  outcome: 'pass' | 'fail' | 'n/a',
  findings = 0,
) => ({
  rule,
  severity,
  outcome,
  finding_count: findings,
  summary_message_id: `validity.rule.${rule}`,
  findings: [],
});

const ANSWER = {
  version_id: VERSION,
  schema: 'IFC4',
  checked: true,
  summary: { error_rules: 1, warning_rules: 1, passed_rules: 1, not_applicable_rules: 1, findings: 3 },
  rules: [
    {
      ...rule('PJS003', 'error', 'fail', 2),
      findings: [
        {
          step_id: 11,
          global_id: '9bad',
          ifc_class: 'IfcWall',
          message: {
            id: 'validity.PJS003.format',
            values: { globalId: '9bad', length: 4, problems: 'length,start' },
          },
        },
      ],
    },
    rule('PJS101', 'warning', 'fail', 1),
    rule('IFC101', 'error', 'pass'),
    rule('GRP001', 'error', 'n/a'),
  ],
};

describe('ValidityTab', () => {
  it('shows the counts, the failing rules with their explanation, and a rule’s findings in words', async () => {
    const calls = mockApi({ [`GET /projects/${PROJECT}/bimfiles/${FILE}/validity`]: { body: ANSWER } });
    const { user } = renderWithApp(<ValidityTab projectId={PROJECT} fileId={FILE} versionId={VERSION} />);
    // Failing rules only, at first: each with its one-line explanation from the catalogue.
    expect(
      await screen.findByText(/Every GlobalId is 22 characters of the IFC base-64 alphabet/),
    ).toBeVisible();
    expect(screen.getByRole('group', { name: 'Warning rules' })).toHaveTextContent('1');
    expect(screen.getByRole('group', { name: 'Not applicable' })).toHaveTextContent('1');
    expect(screen.getByText('Warning')).toBeVisible();
    expect(screen.queryByText(/Only official IFC versions/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show 2 findings' }));
    expect(screen.getByText("The GlobalId '9bad' is malformed (length,start; 4 characters).")).toBeVisible();
    expect(screen.getByText('IfcWall #11')).toBeVisible();
    expect(screen.getByText('Showing the first 1 of 2 findings.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'All (4)' }));
    expect(screen.getByText(/Only official IFC versions/)).toBeVisible();
    expect(screen.getAllByText('Not applicable')).toHaveLength(2); // the count's label and the rule's badge
    expect(calls[0]?.path).toBe(`/projects/${PROJECT}/bimfiles/${FILE}/validity`);
  });

  it('says when a version was processed before validity was checked', async () => {
    mockApi({
      [`GET /projects/${PROJECT}/bimfiles/${FILE}/validity`]: {
        body: { ...ANSWER, checked: false, rules: [], summary: { ...ANSWER.summary, error_rules: 0 } },
      },
    });
    renderWithApp(<ValidityTab projectId={PROJECT} fileId={FILE} versionId={VERSION} />);
    expect(await screen.findByText(/processed before Plumbline checked model validity/)).toBeVisible();
  });
});
