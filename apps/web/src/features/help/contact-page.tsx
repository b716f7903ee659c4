import { ArrowLeft, Building2, LifeBuoy, Mail } from 'lucide-react';
import { Link } from 'react-router';
import { Logo } from '@/components/brand/logo';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { rich, useT } from '@/lib/i18n';

/**
 * /contact (spec 3: referenced by the plans grid's Contact Us). Plumbline is installed and run by an
 * organisation on its own server, so there is no vendor inbox to name here: the page says who can
 * help and what to send them, and never promises an address that may not exist (issue 17).
 */
export function ContactPage() {
  const t = useT('help');
  return (
    <main className="mx-auto grid max-w-3xl gap-6 px-4 py-10">
      <div className="flex items-center justify-between gap-4">
        <Logo />
        <Button asChild variant="outline" size="sm">
          <Link to="/dashboard">
            <ArrowLeft />
            {t('help.back')}
          </Link>
        </Button>
      </div>
      <div className="grid gap-2">
        <h1 className="text-2xl font-semibold tracking-tight">{t('help.contact.title')}</h1>
        <p className="text-muted-foreground">{t('help.contact.intro')}</p>
      </div>
      <Card className="grid gap-2 p-5">
        <h2 className="flex items-center gap-2 font-semibold">
          <Building2 className="size-4" aria-hidden="true" />
          {t('help.contact.enterpriseTitle')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('help.contact.enterprise')}</p>
      </Card>
      <Card className="grid gap-2 p-5">
        <h2 className="flex items-center gap-2 font-semibold">
          <LifeBuoy className="size-4" aria-hidden="true" />
          {t('help.contact.problemTitle')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('help.contact.problem')}</p>
      </Card>
      <Card className="grid gap-2 p-5">
        <h2 className="flex items-center gap-2 font-semibold">
          <Mail className="size-4" aria-hidden="true" />
          {t('help.contact.paymentsTitle')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('help.contact.payments')}</p>
      </Card>
      <p className="text-sm text-muted-foreground">
        {rich(t, 'help.contact.acc', {
          link: (chunks) => (
            <Link className="underline" to="/help/acc-integration">
              {chunks}
            </Link>
          ),
        })}
      </p>
    </main>
  );
}
