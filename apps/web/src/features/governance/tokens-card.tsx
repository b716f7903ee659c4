import type { ApiToken } from '@plumbline/contracts';
import { KeyRound, Plus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/api';
import { formatDate, formatDateTime } from '@/lib/format';
import { t as translate, useT } from '@/lib/i18n';
import { NewTokenDialog } from './new-token-dialog';
import { type TokenOwner, useRevokeToken, useTokens } from './queries';
import { TokenSecretDialog } from './token-secret-dialog';

const STATE_VARIANT = { active: 'success', expired: 'secondary', revoked: 'destructive' } as const;

export interface TokensCardProps {
  owner: TokenOwner;
  /** The project's name, for a project's tokens. */
  projectName?: string;
}

/** Lists a person's or a project's API tokens; makes (shown once) and revokes them (decision 0266). */
export function TokensCard({ owner, projectName }: TokensCardProps) {
  const tokens = useTokens(owner);
  const revoke = useRevokeToken(owner);
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const t = useT('governance');
  const title =
    owner.kind === 'personal' ? t('governance.tokens.personalTitle') : t('governance.tokens.projectTitle');
  // The toasts render when the answer comes, in the page's language then (the namespace is loaded).
  const onRevoke = (token: ApiToken) =>
    revoke.mutate(token.id, {
      onSuccess: () => toast.success(translate('governance.tokens.revoked'), { description: token.name }),
      onError: (error) =>
        toast.error(translate('governance.tokens.revokeFailed'), { description: errorMessage(error) }),
    });

  return (
    <Card role="region" aria-label={title}>
      <CardHeader className="flex flex-row items-start justify-between gap-4">
        <div className="grid gap-1.5">
          <CardTitle className="flex items-center gap-2 text-base">
            <KeyRound className="size-4" aria-hidden="true" /> {title}
          </CardTitle>
          <CardDescription>
            {owner.kind === 'personal'
              ? t('governance.tokens.personalDescription')
              : t('governance.tokens.projectDescription', { project: projectName ?? '' })}
          </CardDescription>
        </div>
        <Button variant="outline" size="sm" onClick={() => setCreating(true)}>
          <Plus /> {t('governance.tokens.new')}
        </Button>
      </CardHeader>
      <CardContent>
        {tokens.isError ? (
          <p className="text-sm text-destructive">
            {t('governance.tokens.loadFailed', { error: errorMessage(tokens.error) })}
          </p>
        ) : tokens.data && tokens.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('governance.tokens.none')}</p>
        ) : (
          <Table aria-label={title}>
            <TableHeader>
              <TableRow>
                <TableHead>{t('governance.tokens.column.name')}</TableHead>
                <TableHead>{t('governance.tokens.column.token')}</TableHead>
                <TableHead>{t('governance.tokens.column.scope')}</TableHead>
                {owner.kind === 'project' && <TableHead>{t('governance.tokens.column.madeBy')}</TableHead>}
                <TableHead>{t('governance.tokens.column.expires')}</TableHead>
                <TableHead>{t('governance.tokens.column.lastUsed')}</TableHead>
                <TableHead>{t('governance.tokens.column.state')}</TableHead>
                <TableHead className="sr-only">{t('governance.tokens.column.actions')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {(tokens.data ?? []).map((token) => (
                <TableRow key={token.id}>
                  <TableCell className="font-medium">{token.name}</TableCell>
                  <TableCell className="font-mono text-xs">{token.hint}…</TableCell>
                  <TableCell>{t('governance.scope.label', { scope: token.scope })}</TableCell>
                  {owner.kind === 'project' && <TableCell>{token.created_by.full_name}</TableCell>}
                  <TableCell>{formatDate(token.expires_at)}</TableCell>
                  <TableCell>{token.last_used_at ? formatDateTime(token.last_used_at) : '—'}</TableCell>
                  <TableCell>
                    <Badge variant={STATE_VARIANT[token.state]}>
                      {t('governance.tokens.state', { state: token.state })}
                    </Badge>
                  </TableCell>
                  <TableCell className="text-right">
                    {token.state === 'active' && (
                      <Button
                        variant="ghost"
                        size="sm"
                        onClick={() => onRevoke(token)}
                        disabled={revoke.isPending}
                        aria-label={t('governance.tokens.revokeLabel', { name: token.name })}
                      >
                        {t('governance.tokens.revoke')}
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
      <NewTokenDialog
        owner={owner}
        open={creating}
        onOpenChange={setCreating}
        onCreated={(created) => setSecret(created.secret)}
      />
      <TokenSecretDialog secret={secret} onClose={() => setSecret(null)} />
    </Card>
  );
}
