import type { BimFileVersion, ChangeKind } from '@plumbline/contracts';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/api';
import { useChangesViewer } from '@/lib/changes-viewer-slot';
import { formatNumber } from '@/lib/format';
import { rich, useT } from '@/lib/i18n';
import { useFileVersions } from '../../projects/selection/versions-query';
import { KindIcon } from './change-kind';
import { ChangeList } from './change-list';
import type { Comparison, SpecificationOfPair, VersionPair } from './changes-source';
import { ChangesViewerPanel } from './changes-viewer-panel';
import { NewFailuresBcfButton } from './new-failures-bcf-button';
import { useComparison } from './queries';

const KINDS: readonly ChangeKind[] = ['new', 'resolved', 'removed'];

/**
 * What changed between two versions of a file (issue 30): latest against the one before by default;
 * per specification the counts of new, resolved, removed and persisting failures and, counted apart,
 * the waived ones (decision 0370); each opens the lists of its elements.
 */
export function ChangesView({ projectId, fileId }: { projectId: string; fileId: string }) {
  const t = useT('changes');
  const [pair, setPair] = useState<VersionPair>({});
  const versions = useFileVersions(projectId, fileId);
  const comparison = useComparison(projectId, fileId, pair);
  const completed = (versions.data ?? []).filter((v) => v.status === 'completed');
  const from = pair.from ?? comparison.data?.from_version.id ?? '';
  const to = pair.to ?? comparison.data?.to_version.id ?? '';
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-4">
        <VersionSelect
          label={t('changes.from')}
          value={from}
          versions={completed}
          onChange={(id) => setPair({ from: id, to })}
        />
        <VersionSelect
          label={t('changes.to')}
          value={to}
          versions={completed}
          onChange={(id) => setPair({ from, to: id })}
        />
      </div>
      {comparison.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t('changes.comparing')}
        </p>
      ) : comparison.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(comparison.error, t('changes.compareFailed'))}
        </p>
      ) : (
        <ComparisonTable projectId={projectId} fileId={fileId} comparison={comparison.data} />
      )}
    </div>
  );
}

function VersionSelect({
  label,
  value,
  versions,
  onChange,
}: {
  label: string;
  value: string;
  versions: BimFileVersion[];
  onChange: (id: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2 text-sm">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="h-8 rounded-md border border-input bg-background px-2"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {versions.map((version) => (
          <option key={version.id} value={version.id}>
            v{version.version_number}
            {version.version_tag && version.version_tag !== `v${version.version_number}`
              ? ` (${version.version_tag})`
              : ''}
          </option>
        ))}
      </select>
    </div>
  );
}

function ComparisonTable({
  projectId,
  fileId,
  comparison,
}: {
  projectId: string;
  fileId: string;
  comparison: Comparison;
}) {
  const t = useT('waivers', 'changes');
  const pair = { from: comparison.from_version.id, to: comparison.to_version.id };
  const { elements } = comparison;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">
          {t('changes.elementsSummary', {
            from: String(comparison.from_version.version_number),
            to: String(comparison.to_version.version_number),
            byGlobalId: elements.matched_by_global_id,
            byContent: elements.matched_by_content,
            added: elements.added,
            removed: elements.removed,
          })}
        </p>
        <NewFailuresBcfButton
          projectId={projectId}
          fileId={fileId}
          pair={pair}
          newFailures={comparison.totals.new}
        />
      </div>
      {comparison.specifications.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('changes.noSpecifications')}</p>
      ) : (
        <Table aria-label={t('changes.tableLabel')}>
          <TableHeader>
            <TableRow>
              <TableHead>{t('changes.specification')}</TableHead>
              {KINDS.map((kind) => (
                <TableHead key={kind} className="text-right">
                  {t('changes.kind', { kind })}
                </TableHead>
              ))}
              <TableHead className="text-right">{t('changes.persisting')}</TableHead>
              <TableHead className="text-right">{t('waivers.changes.waived')}</TableHead>
              <TableHead>
                <span className="sr-only">{t('changes.elements')}</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {comparison.specifications.map((specification) => (
              <SpecificationRows
                key={specification.key}
                projectId={projectId}
                fileId={fileId}
                pair={pair}
                specification={specification}
              />
            ))}
          </TableBody>
        </Table>
      )}
    </div>
  );
}

function SpecificationRows({ projectId, fileId, pair, specification }: SpecificationOfPair) {
  const t = useT('changes', 'projects');
  const [open, setOpen] = useState(false);
  const [in3d, setIn3d] = useState(false);
  const viewer = useChangesViewer();
  const panelId = useId();
  const { counts } = specification;
  const changed = counts.new + counts.resolved + counts.removed > 0;
  return (
    <>
      <TableRow>
        <TableCell className="font-medium">
          {specification.name}
          {!specification.compared && (
            <span className="ml-2 text-xs font-normal text-muted-foreground">
              {t('changes.notCheckedBefore')}
            </span>
          )}
        </TableCell>
        {KINDS.map((kind) => (
          <TableCell key={kind} className="text-right tabular-nums" data-kind={kind}>
            <span className="inline-flex items-center gap-1">
              {counts[kind] > 0 && <KindIcon kind={kind} />}
              {formatNumber(counts[kind])}
            </span>
          </TableCell>
        ))}
        <TableCell className="text-right tabular-nums" data-kind="persisting">
          {formatNumber(counts.persisting)}
        </TableCell>
        <TableCell className="text-right tabular-nums" data-kind="waived">
          {formatNumber(counts.waived)}
        </TableCell>
        <TableCell>
          {changed && (
            <Button
              variant="ghost"
              size="sm"
              aria-expanded={open}
              aria-controls={panelId}
              onClick={() => setOpen((was) => !was)}
            >
              {rich(t, 'changes.toggleElements', {
                open: open ? 'yes' : 'no',
                name: specification.name,
                hidden: (chunks) => <span className="sr-only">{chunks}</span>,
              })}
            </Button>
          )}
        </TableCell>
      </TableRow>
      {open && (
        <TableRow id={panelId}>
          <TableCell colSpan={7} className="space-y-3 bg-muted/30">
            {viewer && counts.new + counts.resolved > 0 && (
              <Button
                variant="outline"
                size="sm"
                aria-expanded={in3d}
                aria-label={t(in3d ? 'projects.changes.viewer.hideOf' : 'projects.changes.viewer.showOf', {
                  specification: specification.name,
                })}
                onClick={() => setIn3d((was) => !was)}
              >
                {in3d ? t('projects.changes.viewer.hide') : t('projects.changes.viewer.show')}
              </Button>
            )}
            {in3d && (
              <ChangesViewerPanel
                projectId={projectId}
                fileId={fileId}
                pair={pair}
                specification={specification}
              />
            )}
            {KINDS.map((kind) => (
              <ChangeList
                key={kind}
                projectId={projectId}
                fileId={fileId}
                pair={pair}
                specification={specification}
                kind={kind}
              />
            ))}
          </TableCell>
        </TableRow>
      )}
    </>
  );
}
