import type { Diagnostic, Fix } from '@plumbline/ids/lint/index';
import { Wrench } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useStudioT } from '@/lib/i18n/studio';

const SEVERITY_ORDER = { error: 0, warning: 1, info: 2 } as const;
const SEVERITY_VARIANT = { error: 'destructive', warning: 'warning', info: 'outline' } as const;

export interface ProblemsListProps {
  diagnostics: readonly Diagnostic[];
  /** Applies a quick fix; absent in a read-only Studio. */
  onFix?: (fix: Fix) => void;
  /** A heading id, when the list has its own heading (the problems panel). */
  labelledBy?: string;
  /** Said when there is nothing to list. */
  emptyText?: string;
}

/** The linter's diagnostics, errors first, each with its rule, line and quick fixes. */
export function ProblemsList({ diagnostics, onFix, labelledBy, emptyText }: ProblemsListProps) {
  const t = useStudioT();
  if (diagnostics.length === 0)
    return emptyText ? <p className="text-sm text-muted-foreground">{emptyText}</p> : null;
  const sorted = [...diagnostics].sort(
    (a, b) =>
      SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] ||
      a.range.start.line - b.range.start.line ||
      a.range.start.column - b.range.start.column,
  );
  return (
    <ul className="space-y-2" aria-labelledby={labelledBy}>
      {sorted.map((d) => (
        <li
          key={`${d.rule}:${d.range.start.line}:${d.range.start.column}:${d.message}`}
          className="rounded-md border border-border px-3 py-2 text-sm"
        >
          <div className="flex flex-wrap items-baseline gap-2">
            <Badge variant={SEVERITY_VARIANT[d.severity]}>{t(`studio.problem.severity.${d.severity}`)}</Badge>
            <span className="min-w-0 flex-1 break-words">{d.message}</span>
            <span className="text-xs text-muted-foreground tabular-nums">
              {t('studio.problem.where', { line: d.range.start.line, rule: d.rule })}
            </span>
          </div>
          {onFix && d.fixes.length > 0 && (
            <div className="mt-2 flex flex-wrap gap-2">
              {d.fixes.map((fix) => (
                <Button key={fix.title} size="sm" variant="outline" onClick={() => onFix(fix)}>
                  <Wrench aria-hidden="true" />
                  {fix.title}
                </Button>
              ))}
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

/** "2 errors, 1 warning" (nothing said of a severity that has none). */
export function problemsSummary(
  t: ReturnType<typeof useStudioT>,
  diagnostics: readonly Diagnostic[],
): string {
  const count = (severity: Diagnostic['severity']) =>
    diagnostics.filter((d) => d.severity === severity).length;
  const said = (['error', 'warning', 'info'] as const)
    .map((severity) => ({ severity, count: count(severity) }))
    .filter(({ count: n }) => n > 0)
    .map(({ severity, count: n }) => t(`studio.problem.count.${severity}`, { count: n }));
  return said.length === 0 ? t('studio.problem.none') : said.join(t('studio.problem.separator'));
}
