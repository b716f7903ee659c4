import { describe, expect, it } from 'vitest';
import { activeProjects, canEditProject, filterProjects, projectDisplayName } from './project-search';
import { makeProject } from './test-fixtures';

const tower = makeProject({ id: 'a', name: 'Harbour Tower', description: 'Residential high-rise' });
const bridge = makeProject({ id: 'b', name: 'North Bridge', description: 'Road crossing, IFC4X3' });
const archived = makeProject({ id: 'c', name: 'Old Depot', isActive: false });

describe('filterProjects', () => {
  it('matches name and description case-insensitively', () => {
    expect(filterProjects([tower, bridge], 'harbour').map((p) => p.id)).toEqual(['a']);
    expect(filterProjects([tower, bridge], 'ifc4x3').map((p) => p.id)).toEqual(['b']);
  });

  it('matches the status label', () => {
    expect(filterProjects([tower, archived], 'inactive').map((p) => p.id)).toEqual(['c']);
  });

  it('returns everything for a blank query and nothing for a miss', () => {
    expect(filterProjects([tower, bridge], '   ')).toHaveLength(2);
    expect(filterProjects([tower, bridge], 'hospital')).toEqual([]);
  });
});

describe('project helpers', () => {
  it('lists only active projects', () => {
    expect(activeProjects([tower, archived]).map((p) => p.id)).toEqual(['a']);
  });

  it('names an unnamed project', () => {
    expect(projectDisplayName(makeProject({ name: '  ' }))).toBe('Unnamed Project');
  });

  it('lets Admins and Editors edit, never Viewers or demo data', () => {
    expect(canEditProject('Admin', false)).toBe(true);
    expect(canEditProject('Editor', false)).toBe(true);
    expect(canEditProject('Viewer', false)).toBe(false);
    expect(canEditProject('Admin', true)).toBe(false);
  });
});
