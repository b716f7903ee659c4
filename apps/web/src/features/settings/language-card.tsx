import type { Profile } from '@plumbline/contracts';
import { isLocale } from '@plumbline/i18n';
import { toast } from 'sonner';
import { LanguageSwitcher } from '@/components/language-switcher';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessage } from '@/lib/api';
import { t as inPageLanguage, useT } from '@/lib/i18n';
import { useSettingsSource } from './data-source';

/**
 * The profile's language (issue 31): switching it shows the app in it at once and keeps it for the
 * next sign-in, the user's mails and the reports of projects without a language of their own.
 */
export function LanguageCard({ onSaved }: { onSaved: (profile: Profile) => void }) {
  const t = useT('settings');
  const source = useSettingsSource();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{t('settings.language.title')}</CardTitle>
        <CardDescription>{t('settings.language.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <LanguageSwitcher
          onChanged={async (language) => {
            if (!isLocale(language)) return;
            try {
              onSaved(await source.saveProfile({ preferences: { language } }));
              // In the language just switched to: this render's `t` is still the previous one's.
              toast.success(inPageLanguage('settings.language.saved'));
            } catch (error) {
              toast.error(inPageLanguage('settings.language.failed'), { description: errorMessage(error) });
            }
          }}
        />
      </CardContent>
    </Card>
  );
}
