// @vitest-environment happy-dom
import type { BimFileVersion } from '@plumbline/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/lib/testing/render';
import { makeProject } from '../test-fixtures';
import { SelectionBar } from './selection-bar';
import type { FileSelection } from './use-selection';

const NOTE =
  'FILE_SCHEMA IFC4X3_RC4 was read as IFC4X3_ADD2: IFC4X3_RC4 is a release candidate of IFC 4.3, published before the final standard.';

function version(overrides: Partial<BimFileVersion>): BimFileVersion {
  return {
    id: '00000000-0000-4000-8000-0000000000a1',
    version_number: 1,
    version_tag: 'v1',
    status: 'completed',
    size_bytes: 100,
    sha256: 'ab',
    elements_count: 1,
    error: null,
    created_at: '2026-11-01T10:00:00.000Z',
    processed_at: '2026-11-01T10:01:00.000Z',
    ifc_schema: 'IFC4X3_ADD2',
    schema_substitution: null,
    ...overrides,
  };
}

function selectionOf(selected: BimFileVersion): FileSelection {
  const project = makeProject();
  return {
    projectId: project.id,
    fileId: null,
    versionId: selected.id,
    project,
    file: undefined,
    version: selected,
    projects: [project],
    files: [],
    versions: [selected],
    isComplete: false,
    isStale: false,
    isLoadingProjects: false,
    projectsError: null,
    selectProject: () => {},
    selectFile: () => {},
    selectVersion: () => {},
  };
}

describe('SelectionBar', () => {
  it('says when the chosen version was read with another schema than its FILE_SCHEMA, and why', () => {
    const substituted = version({
      schema_substitution: {
        written: 'IFC4X3_RC4',
        read_as: 'IFC4X3_ADD2',
        reason: 'ifc4x3_release_candidate',
        note: NOTE,
      },
    });
    renderWithApp(<SelectionBar selection={selectionOf(substituted)} />);
    const note = screen.getByRole('note');
    expect(note).toHaveTextContent(`Read as IFC4X3_ADD2. ${NOTE}`);
  });

  it('says nothing for a model read as written', () => {
    renderWithApp(<SelectionBar selection={selectionOf(version({}))} />);
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });
});
