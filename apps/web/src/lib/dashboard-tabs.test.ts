import { describe, expect, it } from 'vitest';
import { t } from '@/lib/i18n';
import {
  chooseActiveTab,
  DASHBOARD_TABS,
  dashboardTabLabel,
  isDashboardTab,
  tabFromEventDetail,
  visibleDashboardTabs,
} from './dashboard-tabs';

const all = visibleDashboardTabs();

describe('dashboard tabs', () => {
  it('lists the nine tabs of the spec in order with their labels', () => {
    expect(DASHBOARD_TABS.map((id) => `${id}:${t(dashboardTabLabel(id))}`)).toEqual([
      'overview:Overview',
      'dashboard:File Inspector',
      'metadata:Metadata Explorer',
      'projects:Projects',
      'reports:Reports',
      'schema:IDS Schemas',
      'team:Team Members',
      'subscriptions:Subscriptions',
      'settings:Settings',
    ]);
  });

  it('recognises only the nine values', () => {
    expect(isDashboardTab('schema')).toBe(true);
    expect(isDashboardTab('Schema')).toBe(false);
    expect(isDashboardTab('billing')).toBe(false);
    expect(isDashboardTab(undefined)).toBe(false);
  });

  it('hides team, subscriptions and settings when asked', () => {
    expect(visibleDashboardTabs({ hideTeam: true, hideSubscriptions: true, hideSettings: true })).toEqual([
      'overview',
      'dashboard',
      'metadata',
      'projects',
      'reports',
      'schema',
    ]);
  });
});

describe('chooseActiveTab', () => {
  it('prefers the query parameter over the cookie', () => {
    expect(chooseActiveTab({ queryTab: 'reports', cookieTab: 'team', visible: all })).toBe('reports');
  });

  it('falls back to the cookie when the query is missing or not one of the nine', () => {
    expect(chooseActiveTab({ queryTab: null, cookieTab: 'team', visible: all })).toBe('team');
    expect(chooseActiveTab({ queryTab: 'nonsense', cookieTab: 'metadata', visible: all })).toBe('metadata');
  });

  it('defaults to overview', () => {
    expect(chooseActiveTab({ queryTab: undefined, cookieTab: 'junk', visible: all })).toBe('overview');
  });

  it('ignores a hidden tab from query or cookie', () => {
    const visible = visibleDashboardTabs({ hideSettings: true });
    expect(chooseActiveTab({ queryTab: 'settings', cookieTab: 'projects', visible })).toBe('projects');
    expect(chooseActiveTab({ queryTab: null, cookieTab: 'settings', visible })).toBe('overview');
  });
});

describe('tabFromEventDetail', () => {
  it('accepts a tab name or an object with tab', () => {
    expect(tabFromEventDetail('projects')).toBe('projects');
    expect(tabFromEventDetail({ tab: 'team' })).toBe('team');
  });

  it('ignores anything else', () => {
    expect(tabFromEventDetail('Projects')).toBeUndefined();
    expect(tabFromEventDetail({ name: 'team' })).toBeUndefined();
    expect(tabFromEventDetail(null)).toBeUndefined();
  });
});
