// @vitest-environment happy-dom
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SchemaFacet, SchemaSpecification } from '@plumbline/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { idsFacet } from '@/lib/testing/ids-fixtures';
import { renderWithApp } from '@/lib/testing/render';
import { RequirementsTable } from './requirements-table';

// The Dutch ILS demo pack: its NL-SfB requirement lists 666 codes (issue 17 point 3).
const ILS_IDS = join(
  dirname(fileURLToPath(import.meta.url)),
  '../../../../../../../shared/ids-examples/IDS_demo_BIM-basis-ILS.ids',
);
const haveIls = existsSync(ILS_IDS);

/** The codes of the pack's NL-SfB classification, read off the XML text (not through the app's reader). */
function nlSfbCodes(): { system: string; codes: string[] } {
  const xml = readFileSync(ILS_IDS, 'utf8');
  const facet = [...xml.matchAll(/<ids:classification>([\s\S]*?)<\/ids:classification>/g)]
    .map((match) => match[1] as string)
    .find((body) => body.includes('NL-SfB'));
  if (!facet) throw new Error('no NL-SfB classification in the ILS pack');
  const system = /<ids:system>\s*<ids:simpleValue>([^<]+)<\/ids:simpleValue>/.exec(facet)?.[1] ?? '';
  const codes = [...facet.matchAll(/<xs:enumeration value="([^"]*)"/g)].map((match) => match[1] as string);
  return { system, codes };
}

function specificationWith(facet: SchemaFacet): SchemaSpecification {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    name: 'Classificatiesystematiek',
    description: null,
    ids_file_id: '00000000-0000-4000-8000-0000000000f1',
    ids_file_name: 'IDS_demo_BIM-basis-ILS.ids',
    applicable_elements: 0,
    passed_elements: 0,
    failed_elements: 0,
    compliance_rate: null,
    state: 'not_checked',
    applicability_facets: [],
    requirement_facets: [facet],
  };
}

// Moved from layout-and-viewer.e2e (issue 37): how one row of the IDS Schemas' Requirements sub-tab
// shows a long code list is this table's alone, read off this screen; a browser and a server proved no
// more there. The pack's upload and check through the server are the server tests'.
describe.skipIf(!haveIls)('RequirementsTable', () => {
  it('shows a requirement listing ~660 NL-SfB codes as one short row with "+N more", expandable', async () => {
    const { system, codes } = nlSfbCodes();
    expect(codes.length).toBeGreaterThan(600);
    const facet: SchemaFacet = {
      ...idsFacet({
        id: '0.r0',
        facet_type: 'classification',
        classification_system: system,
        value_constraints: [{ type: 'enumeration', values: codes }],
      }),
      specification_id: '00000000-0000-4000-8000-000000000001',
      specification_name: 'Classificatiesystematiek',
      compliance: 'no-data',
      failed_elements: 0,
      applicable_elements: 0,
    };
    const { user } = renderWithApp(
      <RequirementsTable
        specifications={[specificationWith(facet)]}
        loading={false}
        specificationId={null}
        onSpecificationChange={() => {}}
      />,
    );
    const row = screen.getAllByRole('row').find((r) => r.textContent?.includes('NL-SfB')) as HTMLElement;
    expect(row).toBeDefined();
    // Folded: the first three codes and a button for the rest, so the row stays one short line.
    const hiddenCount = codes.length - 3;
    const more = within(row).getByRole('button', { name: `+${hiddenCount} more` });
    expect(hiddenCount).toBeGreaterThan(100);
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(row).toHaveTextContent(codes.slice(0, 3).join(', '));
    expect(row).not.toHaveTextContent(codes.slice(0, 4).join(', '));
    expect(row).not.toHaveTextContent(codes.at(-1) as string);

    // Expanded: every code, in a bounded box that scrolls (12 rem high at most), and "Show fewer".
    await user.click(more);
    const fewer = within(row).getByRole('button', { name: 'Show fewer' });
    expect(fewer).toHaveAttribute('aria-expanded', 'true');
    const list = document.getElementById(fewer.getAttribute('aria-controls') as string) as HTMLElement;
    expect(row).toContainElement(list);
    expect(list).toHaveTextContent(codes.join(', '));
    expect(list).toHaveClass('max-h-48', 'overflow-y-auto');

    // And folds again.
    await user.click(fewer);
    expect(within(row).getByRole('button', { name: `+${hiddenCount} more` })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(row).not.toHaveTextContent(codes.at(-1) as string);
  });
});
