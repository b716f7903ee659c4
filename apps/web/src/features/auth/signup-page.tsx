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
import { useSession } from '@/lib/session';
import { AuthLayout } from './auth-layout';
import { SSO_TEXT, SsoButton, useAuthMethods } from './sso-sign-in';

type SignUpInput = z.input<typeof signUpBodySchema>;

export function SignupPage() {
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
      <AuthLayout title="Create your account" subtitle={SSO_TEXT.signUpThroughSso}>
        {sso && <SsoButton label={sso.label} loginUrl={sso.login_url} returnTo="/dashboard" />}
      </AuthLayout>
    );
  }

  // The same answer for a new address and a taken one: the mailbox tells its owner which it was.
  if (mutation.isSuccess) {
    return (
      <AuthLayout title="Check your e-mail" subtitle={<>We sent a message to {mutation.variables.email}.</>}>
        <div className="grid gap-4">
          <Alert>
            <span className="flex items-start gap-2">
              <MailCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {mutation.data.message}
            </span>
          </Alert>
          <Button asChild className="w-full">
            <Link to="/login">Go to sign in</Link>
          </Button>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Create your account"
      subtitle={
        <>
          Already have an account?{' '}
          <Link to="/login" className="font-medium text-primary hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <form
        className="grid gap-4"
        noValidate
        onSubmit={form.handleSubmit((values) => mutation.mutate(values))}
      >
        <FormField label="Full name" error={errors.fullName?.message}>
          <Input autoComplete="name" placeholder="Ada Lovelace" {...form.register('fullName')} />
        </FormField>
        <FormField label="Email" error={errors.email?.message}>
          <Input
            type="email"
            autoComplete="email"
            placeholder="you@company.com"
            {...form.register('email')}
          />
        </FormField>
        <FormField
          label="Password"
          error={errors.password?.message}
          hint="At least 12 characters; not a common password, nor your name or e-mail."
        >
          <Input type="password" autoComplete="new-password" {...form.register('password')} />
        </FormField>
        {errors.root?.server && <Alert variant="destructive">{errors.root.server.message}</Alert>}
        <Button type="submit" className="mt-2 w-full" disabled={mutation.isPending}>
          {mutation.isPending ? 'Creating account...' : 'Create account'}
        </Button>
      </form>
    </AuthLayout>
  );
}
