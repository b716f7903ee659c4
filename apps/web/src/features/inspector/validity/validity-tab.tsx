import type { ValidityRule } from '@plumbline/contracts';
import { CircleAlert, CircleCheck, CircleMinus, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { SegmentedFilter } from '@/components/ui/segmented-filter';
import { Skeleton } from '@/components/ui/skeleton';
import { StatCard } from '@/components/ui/stat-card';
import { useT } from '@/lib/i18n';
import { FINDINGS_PER_RULE, useVersionValidity } from '@/lib/validity-queries';
import { validityText } from '@/lib/validity-text';
import type { FileVersionRef } from '../../projects/attribute-queries';

type RuleFilter = 'failing' | 'all';

function OutcomeBadge({ rule }: { rule: ValidityRule }) {
  if (rule.outcome === 'pass') return <Badge variant="success">Pass</Badge>;
  if (rule.outcome === 'n/a') return <Badge variant="secondary">Not applicable</Badge>;
  return rule.severity === 'error' ? (
    <Badge variant="destructive">Error</Badge>
  ) : (
    <Badge variant="warning">Warning</Badge>
  );
}

function Findings({ rule }: { rule: ValidityRule }) {
  useT('validity'); // the rule's explanation in the page's language (validityText)
  return (
    <div className="mt-2 overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="text-xs text-muted-foreground">
          <tr>
            <th className="py-1 pr-3 font-medium">Element</th>
            <th className="py-1 pr-3 font-medium">GlobalId</th>
            <th className="py-1 font-medium">Finding</th>
          </tr>
        </thead>
        <tbody>
          {rule.findings.map((f, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: one response's fixed list, where an element may have several findings
            <tr key={`${f.step_id ?? 'file'}-${i}`} className="border-t border-border align-top">
              <td className="py-1 pr-3 whitespace-nowrap">
                {f.step_id === null ? 'The file' : `${f.ifc_class ?? ''} #${f.step_id}`}
              </td>
              <td className="py-1 pr-3 font-mono text-xs">{f.global_id ?? ''}</td>
              <td className="py-1">{validityText(f.message)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {rule.finding_count > rule.findings.length && (
        <p className="mt-1 text-xs text-muted-foreground">
          Showing the first {rule.findings.length} of {rule.finding_count} findings.
        </p>
      )}
    </div>
  );
}

function RuleRow({ rule }: { rule: ValidityRule }) {
  useT('validity'); // the rule's explanation in the page's language (validityText)
  const [open, setOpen] = useState(false);
  const failing = rule.outcome === 'fail';
  return (
    <li className="border-b border-border py-3 last:border-b-0">
      <div className="flex flex-wrap items-start gap-3">
        <OutcomeBadge rule={rule} />
        <div className="min-w-0 flex-1">
          <p className="text-sm">
            <span className="font-mono font-medium">{rule.rule}</span>{' '}
            {validityText({ id: rule.summary_message_id, values: {} })}
          </p>
          {failing && (
            <button
              type="button"
              className="mt-1 text-xs font-medium text-primary hover:underline"
              aria-expanded={open}
              onClick={() => setOpen((o) => !o)}
            >
              {open ? 'Hide' : 'Show'} {rule.finding_count} finding{rule.finding_count === 1 ? '' : 's'}
            </button>
          )}
          {failing && open && <Findings rule={rule} />}
        </div>
      </div>
    </li>
  );
}

/**
 * Validity (issue 38): whether the model itself is sound, by buildingSMART's normative rules, checked
 * when the version was processed: counts, then each rule with its outcome and its first findings.
 */
export function ValidityTab(props: FileVersionRef) {
  const query = useVersionValidity(props);
  const [filter, setFilter] = useState<RuleFilter>('failing');
  if (query.isError) {
    return <Alert variant="destructive">Failed to load the model's validity. Please try again later.</Alert>;
  }
  const data = query.data;
  if (data && !data.checked) {
    return (
      <Alert>
        This version was processed before Plumbline checked model validity. Upload it again or refresh the
        project to check it.
      </Alert>
    );
  }
  const failing = data?.rules.filter((r) => r.outcome === 'fail') ?? [];
  const shown = filter === 'failing' ? failing : (data?.rules ?? []);
  return (
    <div className="space-y-6">
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <StatCard label="Error rules" value={data?.summary.error_rules} icon={CircleAlert} loading={!data} />
        <StatCard
          label="Warning rules"
          value={data?.summary.warning_rules}
          icon={TriangleAlert}
          loading={!data}
        />
        <StatCard
          label="Rules passed"
          value={data?.summary.passed_rules}
          icon={CircleCheck}
          loading={!data}
        />
        <StatCard
          label="Not applicable"
          value={data?.summary.not_applicable_rules}
          icon={CircleMinus}
          loading={!data}
        />
      </div>
      <Card className="p-4 sm:p-5">
        <div className="mb-2 flex flex-wrap items-center justify-between gap-3">
          <h3 className="text-base font-semibold">
            buildingSMART normative rules{data ? ` · ${data.schema ?? 'unknown schema'}` : ''}
          </h3>
          <SegmentedFilter
            label="Rules shown"
            value={filter}
            onChange={setFilter}
            options={[
              { value: 'failing', label: `Failing (${failing.length})` },
              { value: 'all', label: `All (${data?.rules.length ?? 0})` },
            ]}
          />
        </div>
        {!data ? (
          <Skeleton className="h-40" />
        ) : shown.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">No rule fails: the model is valid.</p>
        ) : (
          <ul>
            {shown.map((rule) => (
              <RuleRow key={rule.rule} rule={rule} />
            ))}
          </ul>
        )}
        <p className="mt-3 text-xs text-muted-foreground">
          Errors break an implementer agreement; warnings depart from industry practice. Up to{' '}
          {FINDINGS_PER_RULE} findings are listed per rule.
        </p>
      </Card>
    </div>
  );
}
