import type { OverviewFile, ValidityRule } from '@plumbline/contracts';
import { ArrowRight, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { useDataSource } from '@/lib/data-source';
import { formatNumber } from '@/lib/format';
import { useT } from '@/lib/i18n';
import { useVersionValidity } from '@/lib/validity-queries';
import { validityText } from '@/lib/validity-text';
import { validityLink } from './explorer-link';

/** Processed files, the most recently updated first: the card opens on the latest processed version. */
function processedFiles(files: readonly OverviewFile[]): OverviewFile[] {
  return files
    .filter((f) => f.status === 'completed' && f.latest_version_id !== null)
    .sort((a, b) => b.updated_at.localeCompare(a.updated_at));
}

/**
 * The Overview's Validity card (issue 38): errors and warnings of a file's latest processed version,
 * by rule, each with its one-line explanation; the figures are the server's (GET …/validity), and the
 * File Inspector's Validity tab lists the elements.
 */
export function ValidityCard({ projectId, files }: { projectId: string; files: readonly OverviewFile[] }) {
  const t = useT('overview');
  const processed = processedFiles(files);
  const [chosen, setChosen] = useState<string | null>(null);
  const file = processed.find((f) => f.id === chosen) ?? processed[0];
  return (
    <Card className="overflow-hidden" role="region" aria-labelledby="validity-card-title">
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="space-y-1.5">
            <CardTitle id="validity-card-title" className="flex items-center gap-2 text-base">
              <ShieldCheck className="size-4 text-muted-foreground" aria-hidden="true" />
              {t('overview.validity.title')}
            </CardTitle>
            <CardDescription>{t('overview.validity.description')}</CardDescription>
          </div>
          {processed.length > 1 && file && (
            <Select value={file.id} onValueChange={setChosen}>
              <SelectTrigger aria-label={t('overview.validity.fileLabel')} className="w-56">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {processed.map((f) => (
                  <SelectItem key={f.id} value={f.id}>
                    {f.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        </div>
      </CardHeader>
      {file ? (
        <FileValidity projectId={projectId} file={file} />
      ) : (
        <EmptyState
          title={t('overview.validity.noModel')}
          description={t('overview.validity.noModelDescription')}
        />
      )}
    </Card>
  );
}

function FileValidity({ projectId, file }: { projectId: string; file: OverviewFile }) {
  const t = useT('overview');
  const { basePath } = useDataSource();
  // Counts only: the Validity tab reads the findings.
  const validity = useVersionValidity({ projectId, fileId: file.id, versionId: null }, 0);
  if (validity.isPending) {
    return (
      <CardContent>
        <Skeleton className="h-24 w-full" />
      </CardContent>
    );
  }
  if (validity.isError) {
    return (
      <EmptyState title={t('overview.validity.loadFailed')} description={errorMessage(validity.error)} />
    );
  }
  const data = validity.data;
  if (!data.checked) {
    return (
      <EmptyState
        title={t('overview.validity.notChecked')}
        description={t('overview.validity.notCheckedDescription', { file: file.name })}
      />
    );
  }
  const failing = data.rules.filter((r) => r.outcome === 'fail');
  const errors = failing.filter((r) => r.severity === 'error');
  const warnings = failing.filter((r) => r.severity === 'warning');
  return (
    <CardContent className="space-y-4">
      <p className="text-sm text-muted-foreground">
        {file.name}
        {data.schema ? ` · ${data.schema}` : ''}
      </p>
      <dl
        className="grid grid-cols-3 gap-3 text-sm"
        aria-label={t('overview.validity.figuresLabel', { file: file.name })}
      >
        <Figure label={t('overview.validity.errorRules')} value={data.summary.error_rules} />
        <Figure label={t('overview.validity.warningRules')} value={data.summary.warning_rules} />
        <Figure label={t('overview.validity.passedRules')} value={data.summary.passed_rules} />
      </dl>
      {failing.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          {t('overview.validity.clean', { file: file.name, schema: data.schema || 'none' })}
        </p>
      ) : (
        <ul className="divide-y divide-border" aria-label={t('overview.validity.failingLabel')}>
          {[...errors, ...warnings].map((rule) => (
            <RuleLine key={rule.rule} rule={rule} />
          ))}
        </ul>
      )}
      <Link
        to={validityLink(basePath, projectId, file.id, data.version_id)}
        className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-2 hover:underline"
      >
        {t('overview.validity.inspectorLink', { file: file.name })}{' '}
        <ArrowRight className="size-3.5" aria-hidden="true" />
      </Link>
    </CardContent>
  );
}

function RuleLine({ rule }: { rule: ValidityRule }) {
  const t = useT('overview', 'validity'); // validity: the rule's explanation (validityText)
  return (
    <li className="flex items-start gap-3 py-2">
      <Badge variant={rule.severity === 'error' ? 'destructive' : 'warning'}>
        {t('overview.validity.severity', { severity: rule.severity })}
      </Badge>
      <p className="min-w-0 flex-1 text-sm">
        <span className="font-mono font-medium">{rule.rule}</span>{' '}
        {validityText({ id: rule.summary_message_id, values: {} })}
      </p>
      <span className="shrink-0 text-xs text-muted-foreground tabular-nums">
        {t('overview.validity.findings', { count: rule.finding_count, n: formatNumber(rule.finding_count) })}
      </span>
    </li>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-lg bg-surface p-2">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-semibold tabular-nums">{formatNumber(value)}</dd>
    </div>
  );
}
