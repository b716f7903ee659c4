import type { Profile } from '@plumbline/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Camera, LogOut } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { Separator } from '@/components/ui/separator';
import { Switch } from '@/components/ui/switch';
import { errorMessage } from '@/lib/api';
import { formatDate, initials } from '@/lib/format';
import { sessionQueryKey, useCurrentUser, useSignOut } from '@/lib/session';
import { AvatarDialog, type LoadedImage } from './avatar-dialog';
import { avatarFileProblem, avatarSizeProblem } from './avatar-rules';
import { useSettingsSource } from './data-source';
import { LanguageCard } from './language-card';
import { OutboxCard } from './outbox-card';
import { PerformanceCard } from './performance-card';
import { profileQueryKey, useProfile } from './queries';

/**
 * Settings (spec 2 §2.9): profile with avatar, e-mail notifications, and sign-out. `extra` is what
 * other areas add before sign-out (API tokens, the audit trail: app/screens/settings-screen.tsx).
 */
export function SettingsTab({ extra }: { extra?: ReactNode } = {}) {
  const user = useCurrentUser();
  const signOut = useSignOut();
  const profile = useProfile(user !== null);
  const queryClient = useQueryClient();
  const { saveProfile, uploadAvatar } = useSettingsSource();
  const [form, setForm] = useState({ full_name: '', company: '', job_title: '' });
  const [saving, setSaving] = useState(false);
  const [image, setImage] = useState<LoadedImage | null>(null);
  const [uploading, setUploading] = useState(false);
  const picker = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (profile.data)
      setForm({
        full_name: profile.data.full_name,
        company: profile.data.company,
        job_title: profile.data.preferences.job_title,
      });
  }, [profile.data]);
  useEffect(() => {
    if (profile.isError)
      toast.error('Failed to load your profile', { description: errorMessage(profile.error) });
  }, [profile.isError, profile.error]);

  if (!user) return null;
  const updated = (next: Profile) => {
    queryClient.setQueryData(profileQueryKey, next);
    void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
  };

  const save = async () => {
    setSaving(true);
    try {
      updated(
        await saveProfile({
          full_name: form.full_name,
          company: form.company,
          preferences: { job_title: form.job_title },
        }),
      );
      toast.success('Profile saved');
    } catch (error) {
      toast.error('Failed to save your profile', { description: errorMessage(error) });
    } finally {
      setSaving(false);
    }
  };

  const toggleMail = async (on: boolean) => {
    try {
      updated(await saveProfile({ preferences: { emailNotifications: on } }));
      toast.success(on ? 'E-mail notifications on' : 'E-mail notifications off');
    } catch (error) {
      toast.error('Failed to save your preference', { description: errorMessage(error) });
    }
  };

  const choose = (file: File | undefined) => {
    if (!file) return;
    const problem = avatarFileProblem(file);
    if (problem) {
      toast.error('Avatar not accepted', { description: problem });
      return;
    }
    const url = URL.createObjectURL(file);
    const picture = new Image();
    picture.onload = () => {
      const sizeProblem = avatarSizeProblem(picture.naturalWidth, picture.naturalHeight);
      if (sizeProblem) {
        URL.revokeObjectURL(url);
        toast.error('Avatar not accepted', { description: sizeProblem });
        return;
      }
      setImage({ file, url, width: picture.naturalWidth, height: picture.naturalHeight });
    };
    picture.onerror = () => {
      URL.revokeObjectURL(url);
      toast.error('Avatar not accepted', { description: 'The file is corrupted or not a valid image.' });
    };
    picture.src = url;
  };

  const closeCrop = () => {
    if (image) URL.revokeObjectURL(image.url);
    setImage(null);
  };

  const upload = async (crop: { x: number; y: number; size: number }) => {
    if (!image) return;
    setUploading(true);
    try {
      updated(await uploadAvatar(image.file, crop));
      toast.success('Profile picture updated');
      closeCrop();
    } catch (error) {
      toast.error('Failed to update your picture', { description: errorMessage(error) });
    } finally {
      setUploading(false);
    }
  };

  const avatar = profile.data?.avatar_url ?? user.avatarUrl;
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
            {avatar ? (
              <img
                src={avatar}
                alt={`${user.fullName}, as shown to your teams`}
                className="size-14 rounded-full object-cover"
              />
            ) : (
              <div
                className="flex size-14 items-center justify-center rounded-full bg-primary/10 text-lg font-semibold text-primary"
                aria-hidden="true"
              >
                {initials(user.fullName || user.email)}
              </div>
            )}
            <div className="grid gap-1">
              <p className="font-medium">{user.fullName}</p>
              <p className="text-sm text-muted-foreground">Member since {formatDate(user.createdAt)}</p>
            </div>
            <Button variant="outline" size="sm" className="ml-auto" onClick={() => picker.current?.click()}>
              <Camera /> Change picture
            </Button>
            <input
              ref={picker}
              type="file"
              accept=".jpg,.jpeg,.png,image/jpeg,image/png"
              className="hidden"
              aria-label="Choose a profile picture"
              onChange={(e) => {
                choose(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
          </div>
          <Separator />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Full name" error={form.full_name.trim() ? undefined : 'Full name is required'}>
              <Input
                value={form.full_name}
                onChange={(e) => setForm({ ...form, full_name: e.target.value })}
              />
            </FormField>
            <FormField label="Email" hint="Your e-mail address cannot be changed.">
              <Input type="email" value={user.email} readOnly />
            </FormField>
            <FormField label="Company">
              <Input value={form.company} onChange={(e) => setForm({ ...form, company: e.target.value })} />
            </FormField>
            <FormField label="Job title">
              <Input
                value={form.job_title}
                onChange={(e) => setForm({ ...form, job_title: e.target.value })}
              />
            </FormField>
          </div>
          <div className="flex justify-end">
            <Button onClick={save} disabled={saving || !form.full_name.trim() || !profile.data}>
              {saving ? 'Saving...' : 'Save changes'}
            </Button>
          </div>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="text-base">Email Notifications</CardTitle>
          <CardDescription>
            Mail when a model finishes processing, a report is ready, or you join a project.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <div className="flex items-center gap-3 text-sm">
            <Switch
              id="email-notifications"
              checked={profile.data?.preferences.emailNotifications ?? true}
              disabled={!profile.data}
              onCheckedChange={toggleMail}
              aria-label="Email notifications"
            />
            <label htmlFor="email-notifications">Send me e-mail notifications</label>
          </div>
        </CardContent>
      </Card>
      <LanguageCard onSaved={updated} />
      {user.role === 'admin' && <PerformanceCard />}
      {user.role === 'admin' && <OutboxCard />}
      {extra}
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
      <AvatarDialog image={image} saving={uploading} onCancel={closeCrop} onSave={upload} />
    </div>
  );
}
