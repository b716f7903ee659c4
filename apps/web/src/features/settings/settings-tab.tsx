import { LogOut } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { Separator } from '@/components/ui/separator';
import { formatDate, initials } from '@/lib/format';
import { useCurrentUser, useSignOut } from '../auth/session';

/** Settings (spec 2 §2.9): profile information and sign-out. */
export function SettingsTab() {
  const user = useCurrentUser();
  const signOut = useSignOut();
  if (!user) return null;
  return (
    <div className="space-y-6">
      <PageHeader title="Settings" description="Your profile and account." />
      <Card>
        <CardHeader>
          <CardTitle className="text-base">Profile Information</CardTitle>
          <CardDescription>How you appear to your project teams.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">
          <div className="flex items-center gap-4">
            <div
              className="flex size-14 items-center justify-center rounded-full bg-primary/10 text-lg font-semibold text-primary"
              aria-hidden="true"
            >
              {initials(user.fullName || user.email)}
            </div>
            <div>
              <p className="font-medium">{user.fullName}</p>
              <p className="text-sm text-muted-foreground">Member since {formatDate(user.createdAt)}</p>
            </div>
          </div>
          <Separator />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Full name">
              <Input value={user.fullName} readOnly />
            </FormField>
            <FormField label="Email" hint="Your e-mail address cannot be changed.">
              <Input type="email" value={user.email} readOnly />
            </FormField>
          </div>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="text-base">Sign out</CardTitle>
          <CardDescription>End your session on this device.</CardDescription>
        </CardHeader>
        <CardContent>
          <Button variant="outline" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
            <LogOut /> {signOut.isPending ? 'Signing out...' : 'Sign out'}
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
