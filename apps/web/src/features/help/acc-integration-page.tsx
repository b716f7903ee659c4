import { ArrowLeft, Cloud, FileCog, KeyRound, ListChecks, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Logo } from '@/components/brand/logo';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

const STEPS = [
  {
    icon: KeyRound,
    title: 'Connect your Autodesk account',
    text: 'In the Create New Project dialog choose Connect to Autodesk ACC and sign in with Autodesk. Plumbline asks only for read access to your ACC data.',
  },
  {
    icon: Cloud,
    title: 'Pick a hub and a project',
    text: 'Select one of your BIM 360 or ACC hubs, then the project that holds your models. Search filters projects by name.',
  },
  {
    icon: FileCog,
    title: 'Choose the model files',
    text: 'Select IFC or RVT files within your plan’s file and storage limits. RVT models are converted to IFC before they are checked.',
  },
  {
    icon: ListChecks,
    title: 'Check against IDS rules',
    text: 'Each file version is read, its elements and properties stored, and checked against the project’s active IDS files.',
  },
];

/** Help page for the ACC connection (spec 1 §2: /help/acc-integration, opened in a new tab). */
export function AccIntegrationPage() {
  return (
    <div className="min-h-dvh bg-surface">
      <header className="border-b border-border bg-background">
        <div className="mx-auto flex h-14 max-w-3xl items-center justify-between px-6">
          <Link to="/">
            <Logo />
          </Link>
          <Button asChild variant="ghost" size="sm">
            <Link to="/dashboard">
              <ArrowLeft /> Back to dashboard
            </Link>
          </Button>
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-6 py-12">
        <p className="text-sm font-medium text-primary">Help</p>
        <h1 className="mt-1 text-3xl font-semibold tracking-tight">
          Autodesk Construction Cloud integration
        </h1>
        <p className="mt-3 text-muted-foreground">
          Bring models into Plumbline straight from Autodesk Construction Cloud (ACC) or BIM 360.
        </p>
        <ol className="mt-10 space-y-4">
          {STEPS.map((step, index) => (
            <li key={step.title}>
              <Card className="flex gap-4 p-5">
                <div className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
                  <step.icon className="size-4" aria-hidden="true" />
                </div>
                <div>
                  <h2 className="font-medium">
                    {index + 1}. {step.title}
                  </h2>
                  <p className="mt-1 text-sm text-muted-foreground">{step.text}</p>
                </div>
              </Card>
            </li>
          ))}
        </ol>
        <Card className="mt-8 flex gap-4 border-indigo-200 bg-indigo-50/60 p-5">
          <ShieldCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
          <div className="text-sm">
            <p className="font-medium">Sessions expire after 30 minutes</p>
            <p className="mt-1 text-muted-foreground">
              If the connection has expired, choose Re-authenticate in the Connect step. You can disconnect at
              any time from your Autodesk account settings.
            </p>
          </div>
        </Card>
      </main>
    </div>
  );
}
