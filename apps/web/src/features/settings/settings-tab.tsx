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
import { useT } from '@/lib/i18n';
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
  const t = useT('settings');
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
      toast.error(t('settings.profile.loadFailed'), { description: errorMessage(profile.error) });
  }, [profile.isError, profile.error, t]);

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
      toast.success(t('settings.profile.saved'));
    } catch (error) {
      toast.error(t('settings.profile.saveFailed'), { description: errorMessage(error) });
    } finally {
      setSaving(false);
    }
  };

  const toggleMail = async (on: boolean) => {
    try {
      updated(await saveProfile({ preferences: { emailNotifications: on } }));
      toast.success(t(on ? 'settings.mail.on' : 'settings.mail.off'));
    } catch (error) {
      toast.error(t('settings.mail.failed'), { description: errorMessage(error) });
    }
  };

  const choose = (file: File | undefined) => {
    if (!file) return;
    const problem = avatarFileProblem(file);
    if (problem) {
      toast.error(t('settings.avatar.rejected'), { description: problem });
      return;
    }
    const url = URL.createObjectURL(file);
    const picture = new Image();
    picture.onload = () => {
      const sizeProblem = avatarSizeProblem(picture.naturalWidth, picture.naturalHeight);
      if (sizeProblem) {
        URL.revokeObjectURL(url);
        toast.error(t('settings.avatar.rejected'), { description: sizeProblem });
        return;
      }
      setImage({ file, url, width: picture.naturalWidth, height: picture.naturalHeight });
    };
    picture.onerror = () => {
      URL.revokeObjectURL(url);
      toast.error(t('settings.avatar.rejected'), { description: t('settings.avatar.corrupt') });
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
      toast.success(t('settings.avatar.updated'));
      closeCrop();
    } catch (error) {
      toast.error(t('settings.avatar.updateFailed'), { description: errorMessage(error) });
    } finally {
      setUploading(false);
    }
  };

  const avatar = profile.data?.avatar_url ?? user.avatarUrl;
  return (
    <div className="space-y-6">
      <PageHeader title={t('settings.title')} description={t('settings.description')} />
      <Card>
        <CardHeader>
          <CardTitle className="text-base">{t('settings.profile.title')}</CardTitle>
          <CardDescription>{t('settings.profile.description')}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">
          <div className="flex items-center gap-4">
            {avatar ? (
              <img
                src={avatar}
                alt={t('settings.profile.avatarAlt', { name: user.fullName })}
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
              <p className="text-sm text-muted-foreground">
                {t('settings.profile.memberSince', { date: formatDate(user.createdAt) })}
              </p>
            </div>
            <Button variant="outline" size="sm" className="ml-auto" onClick={() => picker.current?.click()}>
              <Camera /> {t('settings.profile.changePicture')}
            </Button>
            <input
              ref={picker}
              type="file"
              accept=".jpg,.jpeg,.png,image/jpeg,image/png"
              className="hidden"
              aria-label={t('settings.profile.choosePicture')}
              onChange={(e) => {
                choose(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
          </div>
          <Separator />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              label={t('settings.profile.fullName')}
              error={form.full_name.trim() ? undefined : t('settings.profile.fullNameRequired')}
            >
              <Input
                value={form.full_name}
                onChange={(e) => setForm({ ...form, full_name: e.target.value })}
              />
            </FormField>
            <FormField label={t('settings.profile.email')} hint={t('settings.profile.emailHint')}>
              <Input type="email" value={user.email} readOnly />
            </FormField>
            <FormField label={t('settings.profile.company')}>
              <Input value={form.company} onChange={(e) => setForm({ ...form, company: e.target.value })} />
            </FormField>
            <FormField label={t('settings.profile.jobTitle')}>
              <Input
                value={form.job_title}
                onChange={(e) => setForm({ ...form, job_title: e.target.value })}
              />
            </FormField>
          </div>
          <div className="flex justify-end">
            <Button onClick={save} disabled={saving || !form.full_name.trim() || !profile.data}>
              {t(saving ? 'settings.saving' : 'settings.profile.save')}
            </Button>
          </div>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="text-base">{t('settings.mail.title')}</CardTitle>
          <CardDescription>{t('settings.mail.description')}</CardDescription>
        </CardHeader>
        <CardContent>
          <div className="flex items-center gap-3 text-sm">
            <Switch
              id="email-notifications"
              checked={profile.data?.preferences.emailNotifications ?? true}
              disabled={!profile.data}
              onCheckedChange={toggleMail}
              aria-label={t('settings.mail.label')}
            />
            <label htmlFor="email-notifications">{t('settings.mail.switch')}</label>
          </div>
        </CardContent>
      </Card>
      <LanguageCard onSaved={updated} />
      {user.role === 'admin' && <PerformanceCard />}
      {user.role === 'admin' && <OutboxCard />}
      {extra}
      <Card>
        <CardHeader>
          <CardTitle className="text-base">{t('settings.signOut.title')}</CardTitle>
          <CardDescription>{t('settings.signOut.description')}</CardDescription>
        </CardHeader>
        <CardContent>
          <Button variant="outline" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
            <LogOut /> {t(signOut.isPending ? 'settings.signOut.pending' : 'settings.signOut.title')}
          </Button>
        </CardContent>
      </Card>
      <AvatarDialog image={image} saving={uploading} onCancel={closeCrop} onSave={upload} />
    </div>
  );
}
