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
import { SCOPE_TEXT, GOVERNANCE_TEXT as T, TOKEN_STATE_TEXT } from './messages';
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
  const title = owner.kind === 'personal' ? T.personalTokensTitle : T.projectTokensTitle;
  const onRevoke = (token: ApiToken) =>
    revoke.mutate(token.id, {
      onSuccess: () => toast.success(T.revoked, { description: token.name }),
      onError: (error) => toast.error(T.revokeFailed, { description: errorMessage(error) }),
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
              ? T.personalTokensDescription
              : T.projectTokensDescription(projectName ?? '')}
          </CardDescription>
        </div>
        <Button variant="outline" size="sm" onClick={() => setCreating(true)}>
          <Plus /> {T.newToken}
        </Button>
      </CardHeader>
      <CardContent>
        {tokens.isError ? (
          <p className="text-sm text-destructive">
            {T.loadFailed}: {errorMessage(tokens.error)}
          </p>
        ) : tokens.data && tokens.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{T.noTokens}</p>
        ) : (
          <Table aria-label={title}>
            <TableHeader>
              <TableRow>
                <TableHead>Name</TableHead>
                <TableHead>Token</TableHead>
                <TableHead>Scope</TableHead>
                {owner.kind === 'project' && <TableHead>Made by</TableHead>}
                <TableHead>Expires</TableHead>
                <TableHead>Last used</TableHead>
                <TableHead>State</TableHead>
                <TableHead className="sr-only">Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {(tokens.data ?? []).map((token) => (
                <TableRow key={token.id}>
                  <TableCell className="font-medium">{token.name}</TableCell>
                  <TableCell className="font-mono text-xs">{token.hint}…</TableCell>
                  <TableCell>{SCOPE_TEXT[token.scope].label}</TableCell>
                  {owner.kind === 'project' && <TableCell>{token.created_by.full_name}</TableCell>}
                  <TableCell>{formatDate(token.expires_at)}</TableCell>
                  <TableCell>{token.last_used_at ? formatDateTime(token.last_used_at) : '—'}</TableCell>
                  <TableCell>
                    <Badge variant={STATE_VARIANT[token.state]}>{TOKEN_STATE_TEXT[token.state]}</Badge>
                  </TableCell>
                  <TableCell className="text-right">
                    {token.state === 'active' && (
                      <Button
                        variant="ghost"
                        size="sm"
                        onClick={() => onRevoke(token)}
                        disabled={revoke.isPending}
                        aria-label={`${T.revoke} ${token.name}`}
                      >
                        {T.revoke}
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
