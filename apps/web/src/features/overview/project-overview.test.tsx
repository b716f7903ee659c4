// @vitest-environment happy-dom
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '@/lib/query-keys';
import { mockApi } from '@/lib/testing/fetch-mock';
import { renderWithApp } from '@/lib/testing/render';
import { makeProject } from '../projects/test-fixtures';
import { ProjectOverview } from './project-overview';

const PROJECT = makeProject({ id: '00000000-0000-4000-8000-000000000001', name: 'Tower' });

/** A new project's overview: no files, no checks (the shape of GET /projects/{id}/overview). */
const EMPTY_OVERVIEW = {
  project: { id: PROJECT.id, name: PROJECT.name },
  cards: {
    bim_files: 0,
    elements: 0,
    team_members: 1,
    storage_used_bytes: 0,
    ids_compliance: {
      compliant_elements: 0,
      applicable_elements: 0,
      waived_elements: 0,
      total_elements: 0,
      compliance_rate: 0,
    },
    total_validation_pairs: 0,
  },
  compliance_categories: { exists: 0, populated: 0, compliant: 0, checked: 0 },
  trend: [],
  files: [],
  changes: [],
  processing: { total_files: 0, settled_files: 0, rechecking: false },
};

describe('ProjectOverview', () => {
  it('draws a project without IDS files with its notice above the cards in one go, never the cards first (decision 0449)', async () => {
    let answerIds: () => void = () => {};
    const idsAnswered = new Promise<void>((resolve) => {
      answerIds = resolve;
    });
    mockApi({
      [`GET /projects/${PROJECT.id}/overview`]: { body: EMPTY_OVERVIEW },
      [`GET /projects/${PROJECT.id}/idsfiles`]: async () => {
        await idsAnswered;
        return { body: { ids_files: [] } };
      },
      [`GET /projects/${PROJECT.id}/schema-summary`]: {
        status: 500,
        body: { error: { code: 'internal', message: 'Down' } },
      },
      [`GET /projects/${PROJECT.id}/attribute-insights`]: {
        status: 500,
        body: { error: { code: 'internal', message: 'Down' } },
      },
    });
    const { queryClient } = renderWithApp(<ProjectOverview project={PROJECT} />);

    // The figures are known, the IDS files not yet: the skeleton stays (the notice would push them down).
    await waitFor(() =>
      expect(queryClient.getQueryData(queryKeys.overview('live', PROJECT.id))).toBeDefined(),
    );
    // Past the settle of that answer: the page's one render after it has had its turn.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(screen.queryByText('Storage Used')).toBeNull();
    expect(screen.queryByText('No IDS files yet')).toBeNull();

    answerIds();
    const notice = await screen.findByText('No IDS files yet');
    // In the same render as the cards: both there once either is.
    expect(screen.getByText('Storage Used')).toBeVisible();
    expect(notice).toBeVisible();
    expect(
      screen.getByText(
        'IDS files hold the rules the models are checked against. Add one and the compliance figures appear as soon as the check has run.',
      ),
    ).toBeVisible();
    // Above the cards.
    const cards = screen.getByText('Storage Used');
    expect(notice.compareDocumentPosition(cards) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
