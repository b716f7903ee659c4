import { AlertTriangle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

/** The Compliance tab's load failure (spec 2 §2.1): likely causes, technical details, Refresh Page. */
export function ComplianceUnavailable({ error }: { error: unknown }) {
  const details = error instanceof Error ? error.message : String(error);
  return (
    <Card role="alert">
      <CardHeader className="flex flex-row items-center gap-2">
        <AlertTriangle className="size-5 text-yellow-600" aria-hidden="true" />
        <CardTitle>Compliance data unavailable</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        <p>The compliance results for this file version could not be loaded. Likely causes:</p>
        <ul className="list-disc space-y-1 pl-5 text-muted-foreground">
          <li>The backend is undergoing maintenance</li>
          <li>The project's IDS configuration is missing or still being checked</li>
          <li>The database cannot be reached</li>
        </ul>
        <details className="rounded-md border border-border p-2">
          <summary className="cursor-pointer text-xs font-medium">Technical details</summary>
          <pre className="mt-2 whitespace-pre-wrap break-all text-xs text-muted-foreground">{details}</pre>
        </details>
        <Button variant="outline" onClick={() => window.location.reload()}>
          Refresh Page
        </Button>
      </CardContent>
    </Card>
  );
}
