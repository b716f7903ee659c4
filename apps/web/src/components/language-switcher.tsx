import { LOCALE_NAMES, LOCALES, PSEUDO_LOCALE, type UiLocale } from '@plumbline/i18n';
import { Languages } from 'lucide-react';
import { useId } from 'react';
import { cn } from '@/lib/cn';
import { switchLocale, useLocale, useT } from '@/lib/i18n';

/**
 * The language of the page (issue 31): on the sign-in pages and the demo. Each language is listed by its
 * own name. A native select: light on the first view, and every platform's own accessible picker.
 * `onChanged` lets a signed-in page keep the choice in the profile too.
 */
export function LanguageSwitcher({
  className,
  onChanged,
}: {
  className?: string;
  onChanged?: (locale: UiLocale) => void;
}) {
  const t = useT('app');
  const locale = useLocale();
  const id = useId();
  return (
    <div className={cn('inline-flex items-center gap-1.5 text-sm text-muted-foreground', className)}>
      <Languages className="size-4" aria-hidden="true" />
      <label htmlFor={id} className="sr-only">
        {t('app.language.label')}
      </label>
      <select
        id={id}
        value={locale}
        onChange={(event) => {
          const next = event.target.value as UiLocale;
          void switchLocale(next).then(() => onChanged?.(next));
        }}
        className="h-8 rounded-md border border-input bg-background px-2 text-sm text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {LOCALES.map((option) => (
          <option key={option} value={option} lang={option}>
            {LOCALE_NAMES[option]}
          </option>
        ))}
        {locale === PSEUDO_LOCALE && <option value={PSEUDO_LOCALE}>{PSEUDO_LOCALE}</option>}
      </select>
    </div>
  );
}
