import { AuditTrailCard } from '@/features/governance/audit-trail-card';
import { TokensCard } from '@/features/governance/tokens-card';
import { SettingsTab } from '@/features/settings/settings-tab';
import { useDataSource } from '@/lib/data-source';
import { useCurrentUser } from '@/lib/session';

/** Settings with the person's API tokens and, for installation admins, the installation's audit trail. */
export function SettingsScreen() {
  const user = useCurrentUser();
  const { readOnly } = useDataSource();
  const governance =
    user && !readOnly ? (
      <>
        <TokensCard owner={{ kind: 'personal' }} />
        {user.role === 'admin' && <AuditTrailCard />}
      </>
    ) : null;
  return <SettingsTab extra={governance} />;
}
