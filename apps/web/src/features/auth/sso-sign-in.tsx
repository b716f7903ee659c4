import { authMethodsSchema, SSO_ERROR_MESSAGES, type SsoErrorCode } from '@plumbline/contracts';
import { useQuery } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { apiRequest } from '@/lib/api';
import { apiPath } from '@/lib/api/paths';
import { MessageText } from '@/lib/i18n';
import { queryKeys } from '@/lib/query-keys';

/** How this installation signs people in (passwords, single sign-on, or both); asked once per visit. */
export function useAuthMethods() {
  return useQuery({
    queryKey: queryKeys.authMethods,
    queryFn: ({ signal }) =>
      apiRequest(apiPath('/auth/methods'), {
        schema: authMethodsSchema,
        signal,
        redirectOnUnauthorized: false,
      }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * The single sign-on button: a full-page visit to the server, which sends the browser to the identity
 * provider and, once signed in, back to `returnTo`.
 */
export function SsoButton({
  label,
  loginUrl,
  returnTo,
}: {
  label: string;
  loginUrl: string;
  returnTo: string;
}) {
  return (
    <Button asChild variant="outline" className="w-full">
      <a href={`${loginUrl}?return_to=${encodeURIComponent(returnTo)}`}>
        <KeyRound aria-hidden="true" /> {label}
      </a>
    </Button>
  );
}

/** Why the last single sign-on came back without signing in (`?sso_error=` from the server). */
export function SsoError() {
  const [params] = useSearchParams();
  const code = params.get('sso_error');
  if (!code) return null;
  const message = SSO_ERROR_MESSAGES[code as SsoErrorCode] ?? SSO_ERROR_MESSAGES.sso_failed;
  return (
    <Alert variant="destructive">
      <MessageText text={message} />
    </Alert>
  );
}
