import type { Project } from '@plumbline/contracts';
import {
  type BarChart3,
  Boxes,
  FileBox,
  HardDrive,
  ListChecks,
  ShieldCheck,
  TrendingUp,
  Users,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { StatCard } from '@/components/ui/stat-card';
import { formatBytes, formatNumber } from '@/lib/format';
import { AttributeInsights } from './attribute-insights';
import { BimFilesTable } from './bim-files-table';
import { SchemaAnalysisSummary } from './schema-analysis-summary';

/**
 * One project's overview (spec 1 §2.2). The compliance figures come from the IDS pipeline; until a model
 * has been checked they show the spec's empty states instead of numbers.
 */
export function ProjectOverview({ project }: { project: Project }) {
  return (
    <div className="space-y-6">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3 2xl:grid-cols-6">
        <StatCard label="BIM Files" icon={FileBox} value={formatNumber(project.filesCount)} />
        <StatCard label="Elements" icon={Boxes} value={formatNumber(project.elementsCount)} />
        <StatCard label="Team Members" icon={Users} value={formatNumber(project.teamMembersCount)} />
        <StatCard label="Storage Used" icon={HardDrive} value={formatBytes(project.totalSizeBytes)} />
        <StatCard label="IDS Compliance" icon={ShieldCheck} value="—" hint="No Analysis Data" />
        <StatCard label="Total Validation Pairs" icon={ListChecks} value="—" hint="No Analysis Data" />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <SchemaAnalysisSummary projectId={project.id} />
        <AttributeInsights projectId={project.id} />
      </div>
      <Section
        icon={TrendingUp}
        title="Project Compliance Trend"
        description="Compliance across model versions."
      >
        <EmptyState
          title="No compliance trend data available"
          description="The trend builds up as new versions are checked."
        />
      </Section>
      <Section icon={FileBox} title="BIM Files" description="Model files in this project." flush>
        <BimFilesTable projectId={project.id} />
      </Section>
    </div>
  );
}

function Section({
  icon: Icon,
  title,
  description,
  children,
  flush = false,
}: {
  icon: typeof BarChart3;
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
