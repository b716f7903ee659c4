import { AlertTriangle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useT } from '@/lib/i18n';

/** The Compliance tab's load failure (spec 2 §2.1): likely causes, technical details, Refresh Page. */
export function ComplianceUnavailable({ error }: { error: unknown }) {
  const t = useT('inspector');
  const details = error instanceof Error ? error.message : String(error);
  return (
    <Card role="alert">
      <CardHeader className="flex flex-row items-center gap-2">
        <AlertTriangle className="size-5 text-yellow-600" aria-hidden="true" />
        <CardTitle>{t('inspector.unavailable.title')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        <p>{t('inspector.unavailable.text')}</p>
        <ul className="list-disc space-y-1 pl-5 text-muted-foreground">
          <li>{t('inspector.unavailable.maintenance')}</li>
          <li>{t('inspector.unavailable.configuration')}</li>
          <li>{t('inspector.unavailable.database')}</li>
        </ul>
        <details className="rounded-md border border-border p-2">
          <summary className="cursor-pointer text-xs font-medium">
            {t('inspector.unavailable.details')}
          </summary>
          <pre className="mt-2 whitespace-pre-wrap break-all text-xs text-muted-foreground">{details}</pre>
        </details>
        <Button variant="outline" onClick={() => window.location.reload()}>
          {t('inspector.unavailable.refresh')}
        </Button>
      </CardContent>
    </Card>
  );
}
