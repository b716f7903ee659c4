import {
  ArrowLeft,
  Cloud,
  FileCog,
  KeyRound,
  ListChecks,
  RefreshCw,
  Server,
  ShieldCheck,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '@/components/brand/logo';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { MAIN_CONTENT_ID, SkipLink } from '@/components/ui/skip-link';

const USER_STEPS = [
  {
    icon: KeyRound,
    title: 'Connect your Autodesk account',
    text: 'In Create New Project choose Connect to Autodesk ACC and sign in with Autodesk. Plumbline asks for read access only (data:read, viewables:read). Back in the wizard, Continue with Current Session; the session lasts 30 minutes.',
  },
  {
    icon: Cloud,
    title: 'Pick a hub and a project',
    text: '1. Select Hub lists your BIM 360 and ACC hubs with their region; 2. Select Project lists the hub’s projects, with a search by name. On Details, Use ACC name copies the project’s name.',
  },
  {
    icon: FileCog,
    title: 'Choose the model files',
    text: 'Every .ifc and .rvt file in the project’s folders is listed with its total size, latest size and number of versions. The latest version of each chosen file is imported; RVT models are translated to IFC by Autodesk’s Model Derivative service first.',
  },
  {
    icon: ListChecks,
    title: 'Checked against your IDS rules',
    text: 'Each imported version is read, its elements and properties stored, and checked against the project’s active IDS files, like an uploaded model.',
  },
  {
    icon: RefreshCw,
    title: 'Keep the project in sync',
    text: 'Refresh on the Projects tab brings in every new version of the project’s files as the next version of the same file (once every 24 hours). Plans with hourly, daily or weekly refresh also sync on their own.',
  },
];

const TROUBLE = [
  {
    message: 'Session expired or invalid',
    fix: 'The 30-minute connection has ended. Choose Re-authenticate in the Connect step.',
  },
  {
    message: 'Access denied to the selected project…',
    fix: 'Your Autodesk user is not a member of that project, or the app is not added to the account (see Setting it up). Pick another project or ask the project administrator.',
  },
  {
    message: 'No hubs found…',
    fix: 'Your Autodesk account has no BIM 360 or ACC hub, or the hub’s administrator has not added the app as a custom integration.',
  },
  {
    message: 'Authentication Issue Detected, then Redirecting to Autodesk',
    fix: 'The project’s stored connection was refused; sign in with Autodesk again and the project keeps syncing.',
  },
];

function Code({ children }: { children: ReactNode }) {
  return (
    <code className="rounded bg-muted px-1.5 py-0.5 font-mono break-all text-[0.8rem] text-foreground">
      {children}
    </code>
  );
}

/** Help page for the ACC connection (spec 1 §2: /help/acc-integration, opened in a new tab). */
export function AccIntegrationPage() {
  return (
    <div className="min-h-dvh bg-surface">
      <SkipLink />
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
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="mx-auto max-w-3xl px-6 py-12 outline-none">
        <p className="text-sm font-medium text-primary">Help</p>
        <h1 tabIndex={-1} className="mt-1 text-3xl font-semibold tracking-tight outline-none">
          Autodesk Construction Cloud integration
        </h1>
        <p className="mt-3 text-muted-foreground">
          Bring models into Plumbline straight from Autodesk Construction Cloud (ACC) or BIM 360, and keep
          them in step with new versions.
        </p>

        <h2 className="mt-10 text-lg font-semibold">Importing a project</h2>
        <ol className="mt-4 space-y-3">
          {USER_STEPS.map((step, index) => (
            <li key={step.title}>
              <Card className="flex gap-4 p-5">
                <div className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
                  <step.icon className="size-4" aria-hidden="true" />
                </div>
                <div>
                  <h3 className="font-medium">
                    {index + 1}. {step.title}
                  </h3>
                  <p className="mt-1 text-sm text-muted-foreground">{step.text}</p>
                </div>
              </Card>
            </li>
          ))}
        </ol>

        <h2 className="mt-10 flex items-center gap-2 text-lg font-semibold">
          <Server className="size-5 text-primary" aria-hidden="true" /> Setting it up (administrators)
        </h2>
        <Card className="mt-4 p-5 text-sm">
          <ol className="list-decimal space-y-3 pl-5 text-muted-foreground">
            <li>
              Sign in at <span className="font-medium text-foreground">aps.autodesk.com</span>, open
              Applications and create an app of type{' '}
              <span className="font-medium text-foreground">Traditional Web App</span> with the Data
              Management and Model Derivative APIs.
            </li>
            <li>
              Set its callback URL to your Plumbline address followed by <Code>/api/v1/acc/callback</Code>,
              for example <Code>https://plumbline.example.com/api/v1/acc/callback</Code>. It must match
              exactly.
            </li>
            <li>
              In your ACC (or BIM 360) account administration, under Custom Integrations, add the app’s client
              id so it may read the account’s projects.
            </li>
            <li>
              Start Plumbline with <Code>APS_CLIENT_ID</Code>, <Code>APS_CLIENT_SECRET</Code> and{' '}
              <Code>APS_CALLBACK_URL</Code> (the same callback URL). <Code>APS_BASE_URL</Code> stays at
              Autodesk’s address. Without these, the Connect step offers uploads only.
            </li>
          </ol>
          <p className="mt-4 text-muted-foreground">
            Plumbline asks for the scopes <Code>data:read</Code> and <Code>viewables:read</Code> only, and
            checks every sign-in with a one-time state and PKCE. Autodesk’s tokens are stored encrypted with a
            key derived from the server secret, renewed before they expire, and never written to logs or sent
            to the browser.
          </p>
          <p className="mt-3 text-muted-foreground">
            To try the integration without an Autodesk account, run <Code>npm run dev:aps</Code> and start
            Plumbline with the variables it prints: a local stand-in plays Autodesk with sample projects.
          </p>
        </Card>

        <h2 className="mt-10 text-lg font-semibold">When something goes wrong</h2>
        <dl className="mt-4 grid gap-3">
          {TROUBLE.map((item) => (
            <Card key={item.message} className="p-4 text-sm">
              <dt className="font-medium">{item.message}</dt>
              <dd className="mt-1 text-muted-foreground">{item.fix}</dd>
            </Card>
          ))}
        </dl>

        <Card className="mt-8 flex gap-4 border-indigo-200 bg-indigo-50/60 p-5">
          <ShieldCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
          <div className="text-sm">
            <p className="font-medium">Read-only, and yours to revoke</p>
            <p className="mt-1 text-muted-foreground">
              Plumbline never changes anything in ACC. You can revoke its access at any time in your Autodesk
              account’s profile settings; its projects then ask you to sign in again on their next refresh.
            </p>
          </div>
        </Card>
      </main>
    </div>
  );
}
