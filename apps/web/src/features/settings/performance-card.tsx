import { type PerformanceSettings, performanceSettingsSchema } from '@plumbline/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { apiRequest, errorMessage } from '@/lib/api';
import { apiPath } from '@/lib/api/paths';
import { useT } from '@/lib/i18n';
import { useSettingsSource } from './data-source';

const KEY = ['admin', 'performance'] as const;
const CHOICES = [1, 2, 3, 4];

/** Performance Settings (spec 2 §2.9, admins only): jobs run at once, applied without a restart. */
export function PerformanceCard() {
  const t = useT('settings');
  const queryClient = useQueryClient();
  const source = useSettingsSource();
  const settings = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) =>
      apiRequest(apiPath('/admin/performance'), { schema: performanceSettingsSchema, signal }),
  });
  const [draft, setDraft] = useState<PerformanceSettings | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (settings.data) setDraft(settings.data);
  }, [settings.data]);

  const save = async () => {
    if (!draft) return;
    setSaving(true);
    try {
      const saved = await source.savePerformance(draft);
      queryClient.setQueryData(KEY, saved);
      toast.success(t('settings.performance.saved'), {
        description: t('settings.performance.savedDescription'),
      });
    } catch (error) {
      toast.error(t('settings.performance.failed'), { description: errorMessage(error) });
    } finally {
      setSaving(false);
    }
  };

  const field = (key: keyof PerformanceSettings, label: string, hint: string) => (
    <FormField label={label} hint={hint}>
      <Select
        value={String(draft?.[key] ?? 1)}
        onValueChange={(value) => draft && setDraft({ ...draft, [key]: Number(value) })}
        disabled={!draft}
      >
        <SelectTrigger aria-label={label}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {CHOICES.map((n) => (
            <SelectItem key={n} value={String(n)}>
              {n}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </FormField>
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{t('settings.performance.title')}</CardTitle>
        <CardDescription>{t('settings.performance.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {settings.isError ? (
          <p className="text-sm text-destructive">
            {t('settings.performance.loadFailed', { error: errorMessage(settings.error) })}
          </p>
        ) : (
          <div className="grid gap-4 sm:grid-cols-2">
            {field(
              'processing_concurrency',
              t('settings.performance.models'),
              t('settings.performance.modelsHint'),
            )}
            {field(
              'report_concurrency',
              t('settings.performance.reports'),
              t('settings.performance.reportsHint'),
            )}
          </div>
        )}
        <div className="flex justify-end">
          <Button onClick={save} disabled={!draft || saving}>
            {t(saving ? 'settings.saving' : 'settings.performance.save')}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
