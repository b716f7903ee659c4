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
import { rich, useT } from '@/lib/i18n';
import { sessionQueryKey, useSession } from '@/lib/session';
import { AuthLayout } from './auth-layout';
import { afterSignInPath } from './redirect';
import { SsoButton, SsoError, useAuthMethods } from './sso-sign-in';

type SignInInput = z.input<typeof signInBodySchema>;

export function LoginPage() {
  const t = useT('app');
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
      <AuthLayout title={t('app.signIn.title')} subtitle={null}>
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
      <AuthLayout title={t('app.signIn.title')} subtitle={t('app.signIn.passwordOff')}>
        <div className="grid gap-4">
          <SsoError />
          {ssoButton}
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title={t('app.signIn.title')}
      subtitle={rich(t, 'app.signIn.newHere', {
        link: (chunks) => (
          <Link to="/signup" className="font-medium text-primary hover:underline">
            {chunks}
          </Link>
        ),
      })}
    >
      {sso && (
        <div className="mb-6 grid gap-4">
          <SsoError />
          {ssoButton}
          <p className="flex items-center gap-3 text-xs uppercase text-muted-foreground">
            <span className="h-px flex-1 bg-border" />
            {t('app.signIn.or')}
            <span className="h-px flex-1 bg-border" />
          </p>
        </div>
      )}
      <form
        className="grid gap-4"
        noValidate
        onSubmit={form.handleSubmit((values) => mutation.mutate(values))}
      >
        <FormField label={t('app.field.email')} error={errors.email?.message}>
          <Input
            type="email"
            autoComplete="email"
            placeholder={t('app.field.emailPlaceholder')}
            {...form.register('email')}
          />
        </FormField>
        <FormField label={t('app.field.password')} error={errors.password?.message}>
          <Input type="password" autoComplete="current-password" {...form.register('password')} />
        </FormField>
        {errors.root?.server && <Alert variant="destructive">{errors.root.server.message}</Alert>}
        <Button type="submit" className="mt-2 w-full" disabled={mutation.isPending}>
          {mutation.isPending ? t('app.signIn.submitting') : t('app.signIn.submit')}
        </Button>
      </form>
    </AuthLayout>
  );
}
