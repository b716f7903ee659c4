import { zodResolver } from '@hookform/resolvers/zod';
import { type SignUpBody, signUpBodySchema } from '@plumbline/contracts';
import { useMutation } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, Navigate } from 'react-router';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { signUp } from '@/lib/auth-api';
import { applyServerErrors } from '@/lib/forms';
import { rich, useT } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { AuthLayout } from './auth-layout';
import { SsoButton, useAuthMethods } from './sso-sign-in';

type SignUpInput = z.input<typeof signUpBodySchema>;

export function SignupPage() {
  const t = useT('app');
  const session = useSession();
  const methods = useAuthMethods();
  const form = useForm<SignUpInput, unknown, SignUpBody>({
    resolver: zodResolver(signUpBodySchema),
    defaultValues: { fullName: '', email: '', password: '' },
  });
  const mutation = useMutation({
    mutationFn: signUp,
    onError: (error) => applyServerErrors(form.setError, error, ['fullName', 'email', 'password']),
  });

  if (session.data) return <Navigate to="/dashboard" replace />;
  const { errors } = form.formState;
  const sso = methods.data?.sso ?? null;
  if (methods.data?.password === false) {
    return (
      <AuthLayout title={t('app.signUp.title')} subtitle={t('app.signUp.throughSso')}>
        {sso && <SsoButton label={sso.label} loginUrl={sso.login_url} returnTo="/dashboard" />}
      </AuthLayout>
    );
  }

  // The same answer for a new address and a taken one: the mailbox tells its owner which it was.
  if (mutation.isSuccess) {
    return (
      <AuthLayout
        title={t('app.signUp.checkEmailTitle')}
        subtitle={t('app.signUp.checkEmailSubtitle', { email: mutation.variables.email })}
      >
        <div className="grid gap-4">
          <Alert>
            <span className="flex items-start gap-2">
              <MailCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {mutation.data.message}
            </span>
          </Alert>
          <Button asChild className="w-full">
            <Link to="/login">{t('app.signUp.goToSignIn')}</Link>
          </Button>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title={t('app.signUp.title')}
      subtitle={rich(t, 'app.signUp.haveAccount', {
        link: (chunks) => (
          <Link to="/login" className="font-medium text-primary hover:underline">
            {chunks}
          </Link>
        ),
      })}
    >
      <form
        className="grid gap-4"
        noValidate
        onSubmit={form.handleSubmit((values) => mutation.mutate(values))}
      >
        <FormField label={t('app.field.fullName')} error={errors.fullName?.message}>
          <Input
            autoComplete="name"
            placeholder={t('app.field.fullNamePlaceholder')}
            {...form.register('fullName')}
          />
        </FormField>
        <FormField label={t('app.field.email')} error={errors.email?.message}>
          <Input
            type="email"
            autoComplete="email"
            placeholder={t('app.field.emailPlaceholder')}
            {...form.register('email')}
          />
        </FormField>
        <FormField
          label={t('app.field.password')}
          error={errors.password?.message}
          hint={t('app.signUp.passwordHint')}
        >
          <Input type="password" autoComplete="new-password" {...form.register('password')} />
        </FormField>
        {errors.root?.server && <Alert variant="destructive">{errors.root.server.message}</Alert>}
        <Button type="submit" className="mt-2 w-full" disabled={mutation.isPending}>
          {mutation.isPending ? t('app.signUp.submitting') : t('app.signUp.submit')}
        </Button>
      </form>
    </AuthLayout>
  );
}
