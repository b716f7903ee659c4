import type { SpecificationState } from '@plumbline/contracts';
import { Badge } from '@/components/ui/badge';
import { formatPercent } from '@/lib/format';
import { useT } from '@/lib/i18n';

const VARIANT = {
  passed: 'success',
  warning: 'warning',
  failed: 'destructive',
  not_applicable: 'secondary',
  not_checked: 'outline',
} as const satisfies Record<SpecificationState, string>;

/**
 * A specification's state as the server decided it (decision 0173): the same word and colour on
 * every screen, with its reason on hover. `rate` adds the compliance percentage when there is one.
 */
export function SpecificationStateBadge({
  state,
  rate,
}: {
  state: SpecificationState;
  rate?: number | null | undefined;
}) {
  // `common` is loaded beside the dashboard's code (router.tsx), where every screen with the badge lives.
  const t = useT('common');
  const showRate =
    rate !== undefined && rate !== null && state !== 'not_applicable' && state !== 'not_checked';
  return (
    <Badge variant={VARIANT[state]} title={t('common.specState.hint', { state })} data-state={state}>
      {t('common.specState.label', { state })}
      {showRate ? (
        <span className="tabular-nums">{t('common.specState.rate', { rate: formatPercent(rate, 1) })}</span>
      ) : null}
    </Badge>
  );
}
