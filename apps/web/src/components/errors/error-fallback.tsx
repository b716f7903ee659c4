import { AlertTriangle, FileWarning, ServerCrash } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useT } from '@/lib/i18n';

export type ErrorVariant = 'generic' | 'api' | 'form';

const COPY: Record<ErrorVariant, { title: string; fallbackMessage: string; resetLabel: string }> = {
  generic: {
    title: 'Something went wrong',
    fallbackMessage: 'This part of the page failed to display.',
    resetLabel: 'Try again',
  },
  api: {
    title: 'API Error',
    fallbackMessage: 'The server could not complete the request.',
    resetLabel: 'Retry',
  },
  form: {
    title: 'Form Error',
    fallbackMessage: 'The form ran into a problem.',
    resetLabel: 'Reset',
  },
};

const ICONS = { generic: AlertTriangle, api: ServerCrash, form: FileWarning } as const;

export interface ErrorFallbackProps {
  error: Error;
  variant?: ErrorVariant;
  onReset: () => void;
}

/** What an error boundary shows in place of the broken area. 'Refresh' reloads the whole page. */
export function ErrorFallback({ error, variant = 'generic', onReset }: ErrorFallbackProps) {
  const t = useT('common');
  const copy = COPY[variant];
  const Icon = ICONS[variant];
  return (
    <Card role="alert" className="mx-auto my-6 flex max-w-lg flex-col items-center gap-3 p-8 text-center">
      <div className="flex size-11 items-center justify-center rounded-full bg-red-50">
        <Icon className="size-5 text-destructive" aria-hidden="true" />
      </div>
      <h2 className="text-base font-semibold">{copy.title}</h2>
      <p className="text-sm text-muted-foreground">{error.message || copy.fallbackMessage}</p>
      <div className="mt-2 flex gap-2">
        <Button onClick={onReset}>{copy.resetLabel}</Button>
        {variant === 'generic' && (
          <Button variant="outline" onClick={() => window.location.reload()}>
            {t('common.refresh')}
          </Button>
        )}
      </div>
    </Card>
  );
}
