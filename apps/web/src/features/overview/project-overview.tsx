import type { ProjectOverview as Overview, Project } from '@plumbline/contracts';
import {
  AlertCircle,
  Boxes,
  FileBox,
  GitCompare,
  HardDrive,
  ListChecks,
  type LucideIcon,
  ShieldAlert,
  ShieldCheck,
  ShieldX,
  TrendingUp,
  Users,
} from 'lucide-react';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { AfterPaint } from '@/components/ui/after-paint';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { StatCard } from '@/components/ui/stat-card';
import { errorMessage, isApiRequestError } from '@/lib/api';
import { cn } from '@/lib/cn';
import { useDataSource } from '@/lib/data-source';
import { formatBytes, formatNumber, formatPercent } from '@/lib/format';
import { type MessageId, useT } from '@/lib/i18n';
import { useBackgroundSettle } from '@/lib/use-background-settle';
import { useIdsFiles } from '../projects/files/list-queries';
import { ProjectNotFound } from '../projects/project-not-found';
import { BimFilesTable } from './bim-files-table';
import { type ComplianceLevel, complianceLevel } from './compliance-figure';
import { ComplianceTrendChart } from './compliance-trend-chart';
import { ProcessingNotice } from './processing-notice';
import { useProjectOverview } from './queries';

// Its rule explanations come from the validity catalogue (and its message formatter): loaded with
// the card, not with the dashboard's first view.
const ValidityCard = lazy(async () => ({ default: (await import('./validity-card')).ValidityCard }));
// The notice of a project without an active IDS file, with its permission rules: its own chunk, asked
// for as this module runs (beside the overview's answers, not after them); the figures wait for it
// when the notice is due, so it is drawn with them (decision 0449).
const idsEmptyStateCode = import('./ids-empty-state');
idsEmptyStateCode.catch(() => {}); // a failed load is the lazy component's to report, when shown
const IdsEmptyState = lazy(async () => ({ default: (await idsEmptyStateCode).IdsEmptyState }));
// Below the cards, with their attribute-analysis queries: loaded beside the first view, not in it
// (the dashboard's bundle budget).
const SchemaAnalysisSummary = lazy(async () => ({
  default: (await import('./schema-analysis-summary')).SchemaAnalysisSummary,
}));
const AttributeInsights = lazy(async () => ({
  default: (await import('./attribute-insights')).AttributeInsights,
}));
// Only for projects whose files have a second version: loaded beside the first view, not in it.
const ChangesSince = lazy(async () => ({ default: (await import('./changes-since')).ChangesSince }));

const LEVEL_ICON: Record<ComplianceLevel, { icon: LucideIcon; className: string }> = {
  good: { icon: ShieldCheck, className: 'text-green-600' },
  fair: { icon: ShieldAlert, className: 'text-yellow-500' },
  poor: { icon: ShieldX, className: 'text-red-600' },
};

/** One project's overview (spec 1 §2.2), every figure from the server's stored results. */
export function ProjectOverview({ project }: { project: Project }) {
  const t = useT('overview');
  const overview = useProjectOverview(project.id);
  // Whether the project has an active IDS file decides the empty state above the cards: the figures
  // wait for it (a failed list counts as known, its notice simply stays away), so the notice is drawn
  // with the cards instead of pushing them down after they were painted (a layout shift), and the
  // page's largest text comes with its first figures (issue 37, decision 0449).
  const ids = useIdsFiles(project.id);
  const noticeDue = ids.data !== undefined && !ids.data.some((file) => file.is_active);
  const noticeReady = useSettled(idsEmptyStateCode);
  const { mode } = useDataSource();
  // The figures arrive in a background render, sliced into short tasks (lib/use-background-settle.ts).
  const pending = useBackgroundSettle(overview.isPending || ids.isPending || (noticeDue && !noticeReady));
  if (pending && !overview.isError) {
    return (
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3 2xl:grid-cols-6" aria-busy="true">
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <Skeleton key={i} className="h-28 rounded-xl" />
        ))}
      </div>
    );
  }
  if (overview.isError) {
    // Gone since the list was read: the shared card clears what was remembered and the list is read
    // again, after which the tab offers the next project.
    if (isApiRequestError(overview.error) && overview.error.isNotFound)
      return <ProjectNotFound first={undefined} />;
    return (
      <Card>
        <EmptyState
          icon={AlertCircle}
          title={t('overview.error.title')}
          description={errorMessage(overview.error)}
          action={
            <Button variant="outline" onClick={() => overview.refetch()}>
              {t('overview.retry')}
            </Button>
          }
        />
      </Card>
    );
  }
  const data = overview.data;
  if (!data) return null;
  return (
    <div className="space-y-6">
      <ProcessingNotice processing={data.processing} demo={mode === 'demo'} />
      <Suspense fallback={null}>
        <IdsEmptyState project={project} />
      </Suspense>
      <OverviewCards cards={data.cards} />
      {/* Schema analysis and attribute insights (the attributes area's components). */}
      {/* Below the cards: their code, catalogues and queries asked for once the cards are on screen. */}
      <div className="grid gap-6 lg:grid-cols-2">
        <AfterPaint fallback={<Skeleton className="h-64 rounded-xl" />}>
          <Suspense fallback={<Skeleton className="h-64 rounded-xl" />}>
            <SchemaAnalysisSummary projectId={project.id} idsCompliance={data.cards.ids_compliance} />
          </Suspense>
        </AfterPaint>
        <AfterPaint fallback={<Skeleton className="h-64 rounded-xl" />}>
          <Suspense fallback={<Skeleton className="h-64 rounded-xl" />}>
            <AttributeInsights projectId={project.id} />
          </Suspense>
        </AfterPaint>
      </div>
      <AfterPaint fallback={<Skeleton className="h-40 rounded-xl" />}>
        <Suspense fallback={<Skeleton className="h-40 rounded-xl" />}>
          <ValidityCard projectId={project.id} files={data.files} />
        </Suspense>
      </AfterPaint>
      <Section
        icon={TrendingUp}
        title={t('overview.trend.title')}
        description={t('overview.trend.description')}
      >
        <ComplianceCategories categories={data.compliance_categories} />
        <ComplianceTrendChart points={data.trend} />
      </Section>
      {data.changes.length > 0 && (
        <Section
          icon={GitCompare}
          title={t('overview.changes.title')}
          description={t('overview.changes.description')}
        >
          <Suspense fallback={<Skeleton className="mx-6 mb-6 h-16 rounded-xl" />}>
            <ChangesSince changes={data.changes} />
          </Suspense>
        </Section>
      )}
      <Section
        icon={FileBox}
        title={t('overview.bimFiles')}
        description={t('overview.files.description')}
        flush
      >
        <BimFilesTable projectId={project.id} files={data.files} />
      </Section>
    </div>
  );
}

function OverviewCards({ cards }: { cards: Overview['cards'] }) {
  const t = useT('overview');
  // The server's one definition (compliance/figures.ts idsComplianceOf): printed, never recomputed.
  const figure = cards.ids_compliance.compliance_rate;
  const level = LEVEL_ICON[complianceLevel(figure)];
  const checked = cards.ids_compliance.applicable_elements > 0;
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3 2xl:grid-cols-6">
      <StatCard label={t('overview.bimFiles')} icon={FileBox} value={formatNumber(cards.bim_files)} />
      <StatCard label={t('overview.elements')} icon={Boxes} value={formatNumber(cards.elements)} />
      <StatCard label={t('overview.teamMembers')} icon={Users} value={formatNumber(cards.team_members)} />
      <StatCard
        label={t('overview.cards.storageUsed')}
        icon={HardDrive}
        value={formatBytes(cards.storage_used_bytes)}
      />
      <StatCard
        label={t('overview.cards.idsCompliance')}
        value={
          <span className="flex items-center gap-2">
            <level.icon
              className={cn('size-5', checked ? level.className : 'text-muted-foreground')}
              aria-hidden
            />
            {formatPercent(figure, 1)}
          </span>
        }
        hint={
          !checked
            ? t('overview.noAnalysisData')
            : cards.ids_compliance.waived_elements > 0
              ? t('overview.cards.compliantOfWaived', {
                  compliant: formatNumber(cards.ids_compliance.compliant_elements),
                  applicable: formatNumber(cards.ids_compliance.applicable_elements),
                  waived: formatNumber(cards.ids_compliance.waived_elements),
                })
              : t('overview.cards.compliantOf', {
                  compliant: formatNumber(cards.ids_compliance.compliant_elements),
                  applicable: formatNumber(cards.ids_compliance.applicable_elements),
                })
        }
      />
      <StatCard
        label={t('overview.cards.validationPairs')}
        icon={ListChecks}
        value={formatNumber(cards.total_validation_pairs)}
        hint={t('overview.cards.validationPairsHint')}
      />
    </div>
  );
}

function ComplianceCategories({ categories }: { categories: Overview['compliance_categories'] }) {
  const t = useT('overview');
  if (categories.checked === 0) return null;
  // Shares of the checked property requirements, not of elements: said under the cards (issue 35).
  const items: [MessageId, number][] = [
    ['overview.categories.exists', categories.exists],
    ['overview.categories.populated', categories.populated],
    ['overview.categories.compliant', categories.compliant],
  ];
  return (
    <dl className="grid grid-cols-3 gap-3 px-6 pb-2" aria-label={t('overview.categories.label')}>
      {items.map(([label, value]) => (
        <div key={label} className="rounded-lg border border-border px-3 py-2">
          <dt className="text-xs text-muted-foreground">{t(label)}</dt>
          <dd className="text-lg font-semibold tabular-nums">{formatPercent(value, 1)}</dd>
        </div>
      ))}
      <p className="col-span-3 text-xs text-muted-foreground">
        {t('overview.categories.basis', { checked: formatNumber(categories.checked) })}
      </p>
    </dl>
  );
}

function Section({
  icon: Icon,
  title,
  description,
  children,
  flush = false,
}: {
  icon: LucideIcon;
  title: string;
  description: string;
  children: ReactNode;
  flush?: boolean;
}) {
  return (
    <Card className="overflow-hidden">
      <CardHeader className={flush ? 'border-b border-border pb-4' : undefined}>
        <CardTitle className="flex items-center gap-2 text-base">
          <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      {children}
    </Card>
  );
}

/** Whether `promise` has settled (a failed chunk counts: its Suspense boundary shows nothing then). */
function useSettled(promise: Promise<unknown>): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    let live = true;
    const done = () => {
      if (live) setSettled(true);
    };
    promise.then(done, done);
    return () => {
      live = false;
    };
  }, [promise]);
  return settled;
}
