import { ArrowLeft, Building2, LifeBuoy, Mail } from 'lucide-react';
import { Link } from 'react-router';
import { Logo } from '@/components/brand/logo';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

/**
 * /contact (spec 3: referenced by the plans grid's Contact Us). Plumbline is installed and run by an
 * organisation on its own server, so there is no vendor inbox to name here: the page says who can
 * help and what to send them, and never promises an address that may not exist (issue 17).
 */
export function ContactPage() {
  return (
    <main className="mx-auto grid max-w-3xl gap-6 px-4 py-10">
      <div className="flex items-center justify-between gap-4">
        <Logo />
        <Button asChild variant="outline" size="sm">
          <Link to="/dashboard">
            <ArrowLeft />
            Back to the dashboard
          </Link>
        </Button>
      </div>
      <div className="grid gap-2">
        <h1 className="text-2xl font-semibold tracking-tight">Contact us</h1>
        <p className="text-muted-foreground">
          This Plumbline is run by your organisation. Its administrators set up plans, accounts and the
          connection to Autodesk, and they are who to ask.
        </p>
      </div>
      <Card className="grid gap-2 p-5">
        <h2 className="flex items-center gap-2 font-semibold">
          <Building2 className="size-4" aria-hidden="true" />
          Enterprise plans and larger limits
        </h2>
        <p className="text-sm text-muted-foreground">
          Ask your Plumbline administrator for a custom plan: more files, storage or team members per project
          than the plans on the Subscriptions tab.
        </p>
      </Card>
      <Card className="grid gap-2 p-5">
        <h2 className="flex items-center gap-2 font-semibold">
          <LifeBuoy className="size-4" aria-hidden="true" />
          Something does not work
        </h2>
        <p className="text-sm text-muted-foreground">
          Tell your administrator what you did, the message you saw, the page and the time: with that they can
          find the request in the server’s log.
        </p>
      </Card>
      <Card className="grid gap-2 p-5">
        <h2 className="flex items-center gap-2 font-semibold">
          <Mail className="size-4" aria-hidden="true" />
          Payments and invoices
        </h2>
        <p className="text-sm text-muted-foreground">
          Invoices and receipts are on the Subscriptions tab. If a payment went through but no project was
          created, tell your administrator the time of the payment and the project name.
        </p>
      </Card>
      <p className="text-sm text-muted-foreground">
        Connecting Autodesk Construction Cloud? See{' '}
        <Link className="underline" to="/help/acc-integration">
          the ACC integration help
        </Link>
        .
      </p>
    </main>
  );
}
