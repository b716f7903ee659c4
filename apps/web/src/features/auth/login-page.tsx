import { zodResolver } from '@hookform/resolvers/zod';
import { type SignInBody, signInBodySchema } from '@plumbline/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { signIn } from '@/lib/auth-api';
import { applyServerErrors } from '@/lib/forms';
import { sessionQueryKey, useSession } from '@/lib/session';
import { AuthLayout } from './auth-layout';
import { afterSignInPath } from './redirect';
import { SSO_TEXT, SsoButton, SsoError, useAuthMethods } from './sso-sign-in';

type SignInInput = z.input<typeof signInBodySchema>;

export function LoginPage() {
  const session = useSession();
  const methods = useAuthMethods();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const form = useForm<SignInInput, unknown, SignInBody>({
    resolver: zodResolver(signInBodySchema),
    defaultValues: { email: '', password: '' },
  });
  const mutation = useMutation({
    mutationFn: signIn,
    onSuccess: (user) => {
      queryClient.setQueryData(sessionQueryKey, user);
      navigate(afterSignInPath(location.state), { replace: true });
    },
    onError: (error) => applyServerErrors(form.setError, error, ['email', 'password']),
  });

  if (session.data) return <Navigate to="/dashboard" replace />;
  const { errors } = form.formState;
  // Until the methods are known nothing is drawn, so a password-less installation never shows a form.
  if (methods.isPending)
    return (
      <AuthLayout title="Sign in to Plumbline" subtitle={null}>
        {null}
      </AuthLayout>
    );
  const sso = methods.data?.sso ?? null;
  const password = methods.data?.password ?? true;
  const ssoButton = sso ? (
    <SsoButton label={sso.label} loginUrl={sso.login_url} returnTo={afterSignInPath(location.state)} />
  ) : null;

  if (!password) {
    return (
      <AuthLayout title="Sign in to Plumbline" subtitle={SSO_TEXT.passwordOff}>
        <div className="grid gap-4">
          <SsoError />
          {ssoButton}
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Sign in to Plumbline"
      subtitle={
        <>
          New here?{' '}
          <Link to="/signup" className="font-medium text-primary hover:underline">
            Create an account
          </Link>
        </>
      }
    >
      {sso && (
        <div className="mb-6 grid gap-4">
          <SsoError />
          {ssoButton}
          <p className="flex items-center gap-3 text-xs uppercase text-muted-foreground">
            <span className="h-px flex-1 bg-border" />
            {SSO_TEXT.or}
            <span className="h-px flex-1 bg-border" />
          </p>
        </div>
      )}
      <form
        className="grid gap-4"
        noValidate
        onSubmit={form.handleSubmit((values) => mutation.mutate(values))}
      >
        <FormField label="Email" error={errors.email?.message}>
          <Input
            type="email"
            autoComplete="email"
            placeholder="you@company.com"
            {...form.register('email')}
          />
        </FormField>
        <FormField label="Password" error={errors.password?.message}>
          <Input type="password" autoComplete="current-password" {...form.register('password')} />
        </FormField>
        {errors.root?.server && <Alert variant="destructive">{errors.root.server.message}</Alert>}
        <Button type="submit" className="mt-2 w-full" disabled={mutation.isPending}>
          {mutation.isPending ? 'Signing in...' : 'Sign in'}
        </Button>
      </form>
    </AuthLayout>
  );
}
