import {
  SPECIFICATION_STATE_HINTS,
  SPECIFICATION_STATE_LABELS,
  type SpecificationState,
} from '@plumbline/contracts';
import { Badge } from '@/components/ui/badge';

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
  const showRate =
    rate !== undefined && rate !== null && state !== 'not_applicable' && state !== 'not_checked';
  return (
    <Badge variant={VARIANT[state]} title={SPECIFICATION_STATE_HINTS[state]} data-state={state}>
      {SPECIFICATION_STATE_LABELS[state]}
      {showRate ? <span className="tabular-nums">· {rate}%</span> : null}
    </Badge>
  );
}
