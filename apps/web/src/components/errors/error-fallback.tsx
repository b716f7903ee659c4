import { AlertTriangle, FileWarning, ServerCrash } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useT } from '@/lib/i18n';

export type ErrorVariant = 'generic' | 'api' | 'form';

const ICONS = { generic: AlertTriangle, api: ServerCrash, form: FileWarning } as const;

export interface ErrorFallbackProps {
  error: Error;
  variant?: ErrorVariant;
  onReset: () => void;
}

/** What an error boundary shows in place of the broken area. 'Refresh' reloads the whole page. */
export function ErrorFallback({ error, variant = 'generic', onReset }: ErrorFallbackProps) {
  const t = useT('common');
  const Icon = ICONS[variant];
  return (
    <Card role="alert" className="mx-auto my-6 flex max-w-lg flex-col items-center gap-3 p-8 text-center">
      <div className="flex size-11 items-center justify-center rounded-full bg-red-50">
        <Icon className="size-5 text-destructive" aria-hidden="true" />
      </div>
      <h2 className="text-base font-semibold">{t('common.errorFallback.title', { variant })}</h2>
      <p className="text-sm text-muted-foreground">
        {error.message || t('common.errorFallback.message', { variant })}
      </p>
      <div className="mt-2 flex gap-2">
        <Button onClick={onReset}>{t('common.errorFallback.reset', { variant })}</Button>
        {variant === 'generic' && (
          <Button variant="outline" onClick={() => window.location.reload()}>
            {t('common.refresh')}
          </Button>
        )}
      </div>
    </Card>
  );
}
