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
  const t = useT('inspector');
  const outcome = rule.outcome === 'pass' ? 'pass' : rule.outcome === 'n/a' ? 'na' : rule.severity;
  const variant = { pass: 'success', na: 'secondary', error: 'destructive', warning: 'warning' } as const;
  return <Badge variant={variant[outcome]}>{t('inspector.validity.outcome', { outcome })}</Badge>;
}

function Findings({ rule }: { rule: ValidityRule }) {
  // the rule's explanation in the page's language (validityText)
  const t = useT('validity', 'inspector');
  return (
    <div className="mt-2 overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="text-xs text-muted-foreground">
          <tr>
            <th className="py-1 pr-3 font-medium">{t('inspector.validity.element')}</th>
            <th className="py-1 pr-3 font-medium">GlobalId</th>
            <th className="py-1 font-medium">{t('inspector.validity.finding')}</th>
          </tr>
        </thead>
        <tbody>
          {rule.findings.map((f, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: one response's fixed list, where an element may have several findings
            <tr key={`${f.step_id ?? 'file'}-${i}`} className="border-t border-border align-top">
              <td className="py-1 pr-3 whitespace-nowrap">
                {f.step_id === null ? t('inspector.validity.theFile') : `${f.ifc_class ?? ''} #${f.step_id}`}
              </td>
              <td className="py-1 pr-3 font-mono text-xs">{f.global_id ?? ''}</td>
              <td className="py-1">{validityText(f.message)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {rule.finding_count > rule.findings.length && (
        <p className="mt-1 text-xs text-muted-foreground">
          {t('inspector.validity.showingFirst', { shown: rule.findings.length, total: rule.finding_count })}
        </p>
      )}
    </div>
  );
}

function RuleRow({ rule }: { rule: ValidityRule }) {
  // the rule's explanation in the page's language (validityText)
  const t = useT('validity', 'inspector');
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
              {t('inspector.validity.toggle', { open: open ? 'yes' : 'no', count: rule.finding_count })}
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
  const t = useT('inspector');
  const query = useVersionValidity(props);
  const [filter, setFilter] = useState<RuleFilter>('failing');
  if (query.isError) {
    return <Alert variant="destructive">{t('inspector.validity.loadFailed')}</Alert>;
  }
  const data = query.data;
  if (data && !data.checked) {
    return <Alert>{t('inspector.validity.notChecked')}</Alert>;
  }
  const failing = data?.rules.filter((r) => r.outcome === 'fail') ?? [];
  const shown = filter === 'failing' ? failing : (data?.rules ?? []);
  return (
    <div className="space-y-6">
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <StatCard
          label={t('inspector.validity.errorRules')}
          value={data?.summary.error_rules}
          icon={CircleAlert}
          loading={!data}
        />
        <StatCard
          label={t('inspector.validity.warningRules')}
          value={data?.summary.warning_rules}
          icon={TriangleAlert}
          loading={!data}
        />
        <StatCard
          label={t('inspector.validity.passedRules')}
          value={data?.summary.passed_rules}
          icon={CircleCheck}
          loading={!data}
        />
        <StatCard
          label={t('inspector.validity.notApplicable')}
          value={data?.summary.not_applicable_rules}
          icon={CircleMinus}
          loading={!data}
        />
      </div>
      <Card className="p-4 sm:p-5">
        <div className="mb-2 flex flex-wrap items-center justify-between gap-3">
          <h3 className="text-base font-semibold">
            {t('inspector.validity.heading', {
              schema: data ? (data.schema ?? t('inspector.validity.unknownSchema')) : 'none',
            })}
          </h3>
          <SegmentedFilter
            label={t('inspector.validity.rulesShown')}
            value={filter}
            onChange={setFilter}
            options={[
              {
                value: 'failing',
                label: t('inspector.validity.filter', { filter: 'failing', count: failing.length }),
              },
              {
                value: 'all',
                label: t('inspector.validity.filter', { filter: 'all', count: data?.rules.length ?? 0 }),
              },
            ]}
          />
        </div>
        {!data ? (
          <Skeleton className="h-40" />
        ) : shown.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">{t('inspector.validity.valid')}</p>
        ) : (
          <ul>
            {shown.map((rule) => (
              <RuleRow key={rule.rule} rule={rule} />
            ))}
          </ul>
        )}
        <p className="mt-3 text-xs text-muted-foreground">
          {t('inspector.validity.footnote', { count: FINDINGS_PER_RULE })}
        </p>
      </Card>
    </div>
  );
}
