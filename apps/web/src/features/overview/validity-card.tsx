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
              Model Validity
            </CardTitle>
            <CardDescription>
              buildingSMART's normative rules on the latest processed version: an error makes IDS verdicts on
              the elements concerned unreliable.
            </CardDescription>
          </div>
          {processed.length > 1 && file && (
            <Select value={file.id} onValueChange={setChosen}>
              <SelectTrigger aria-label="Model file" className="w-56">
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
          title="No processed model yet"
          description="Appears after the first model is processed."
        />
      )}
    </Card>
  );
}

function FileValidity({ projectId, file }: { projectId: string; file: OverviewFile }) {
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
    return <EmptyState title="Validity could not be loaded" description={errorMessage(validity.error)} />;
  }
  const data = validity.data;
  if (!data.checked) {
    return (
      <EmptyState
        title="Validity not checked"
        description={`${file.name} was processed before validity was checked: process it again to see it.`}
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
      <dl className="grid grid-cols-3 gap-3 text-sm" aria-label={`Validity of ${file.name}`}>
        <Figure label="Rules with errors" value={data.summary.error_rules} />
        <Figure label="Rules with warnings" value={data.summary.warning_rules} />
        <Figure label="Rules passed" value={data.summary.passed_rules} />
      </dl>
      {failing.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No errors or warnings in {file.name}
          {data.schema ? ` (${data.schema})` : ''}.
        </p>
      ) : (
        <ul className="divide-y divide-border" aria-label="Failing validity rules">
          {[...errors, ...warnings].map((rule) => (
            <RuleLine key={rule.rule} rule={rule} />
          ))}
        </ul>
      )}
      <Link
        to={validityLink(basePath, projectId, file.id, data.version_id)}
        className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-2 hover:underline"
      >
        Validity of {file.name} in the File Inspector <ArrowRight className="size-3.5" aria-hidden="true" />
      </Link>
    </CardContent>
  );
}

function RuleLine({ rule }: { rule: ValidityRule }) {
  useT('validity'); // the rule's explanation in the page's language (validityText)
  return (
    <li className="flex items-start gap-3 py-2">
      {rule.severity === 'error' ? (
        <Badge variant="destructive">Error</Badge>
      ) : (
        <Badge variant="warning">Warning</Badge>
      )}
      <p className="min-w-0 flex-1 text-sm">
        <span className="font-mono font-medium">{rule.rule}</span>{' '}
        {validityText({ id: rule.summary_message_id, values: {} })}
      </p>
      <span className="shrink-0 text-xs text-muted-foreground tabular-nums">
        {formatNumber(rule.finding_count)} finding{rule.finding_count === 1 ? '' : 's'}
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
