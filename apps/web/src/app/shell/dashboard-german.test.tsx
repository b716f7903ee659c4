// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SpecificationStateBadge } from '@/components/specification-state-badge';
import { AttributeInsights } from '@/features/overview/attribute-insights';
import { SchemaAnalysisSummary } from '@/features/overview/schema-analysis-summary';
import { switchLocale } from '@/lib/i18n';
import { mockApi } from '@/lib/testing/fetch-mock';
import { renderWithApp } from '@/lib/testing/render';
import { DashboardShell } from './dashboard-shell';

afterEach(() => switchLocale('en'));

const PROJECT = '7d3c1a52-8f5c-4b8e-9a57-3b0d7c1e2f44';
const SUMMARY = {
  totalSpecifications: 3,
  propertyFacets: 12,
  coveredAttributes: 1,
  notCoveredAttributes: 6,
  totalAttributes: 7,
  coverageRate: 14.3,
  highPriorityMissing: 2,
};
const INSIGHTS = {
  totalGaps: 6,
  highPriorityGaps: 2,
  averageOccurrence: 27,
  coverageOpportunity: 42.9,
  topRecommendations: [
    {
      id: 'a1',
      name: 'AcousticRating',
      priority: 'high',
      propertySet: 'Pset_WallCommon',
      occurrence: 27.5,
      helpfulness: 50,
      reason: 'On 27.5% of elements (filled in on 50.0% of them) but not required by any IDS specification.',
    },
  ],
};

// Issue 31: the dashboard's frame, a page title and the Overview's percentages in German.
describe('the dashboard in German', () => {
  it('names the tabs and the Overview page in German', async () => {
    mockApi({});
    await switchLocale('de');
    renderWithApp(<DashboardShell />, { mode: 'demo', route: '/demo' });
    const tabs = screen.getByRole('tablist');
    for (const name of ['Übersicht', 'Datei-Inspektor', 'Metadaten-Explorer', 'Projekte', 'IDS-Schemas']) {
      expect(within(tabs).getByRole('tab', { name })).toBeVisible();
    }
    expect(within(tabs).queryByRole('tab', { name: 'Overview' })).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Übersicht' })).toBeVisible();
    expect(screen.getByText('Konformität der Modelle Ihres Projekts mit seinen IDS-Regeln.')).toBeVisible();
  });

  it('writes percentages as German does ("14,3 %") and the state badge in German', async () => {
    mockApi({
      [`GET /projects/${PROJECT}/schema-summary`]: { body: SUMMARY },
      [`GET /projects/${PROJECT}/attribute-insights`]: { body: INSIGHTS },
    });
    await switchLocale('de');
    renderWithApp(
      <>
        <SchemaAnalysisSummary
          projectId={PROJECT}
          idsCompliance={
            { compliance_rate: 87.5 } as Parameters<typeof SchemaAnalysisSummary>[0]['idsCompliance']
          }
        />
        <AttributeInsights projectId={PROJECT} />
        <SpecificationStateBadge state="warning" rate={62.5} />
      </>,
    );
    expect(await screen.findByText('14,3 %')).toBeVisible();
    expect(await screen.findByText('27,0 %')).toBeVisible();
    expect(screen.getByText('+42,9 %')).toBeVisible();
    expect(
      screen.getByText(
        'An 27,5 % der Bauteile vorhanden (bei 50,0 % davon ausgefüllt), aber von keiner IDS-Spezifikation gefordert.',
      ),
    ).toBeVisible();
    expect(screen.getByText('Warnung')).toBeVisible();
    expect(screen.getByText('· 62,5 %')).toBeVisible();
  });

  it('keeps the English figures as they were ("14.3%", "27.0%")', async () => {
    mockApi({
      [`GET /projects/${PROJECT}/schema-summary`]: { body: SUMMARY },
      [`GET /projects/${PROJECT}/attribute-insights`]: { body: INSIGHTS },
    });
    renderWithApp(<AttributeInsights projectId={PROJECT} />);
    expect(await screen.findByText('27.0%')).toBeVisible();
    expect(screen.getByText('+42.9%')).toBeVisible();
    expect(screen.getByText(INSIGHTS.topRecommendations[0]?.reason ?? '')).toBeVisible();
  });
});
