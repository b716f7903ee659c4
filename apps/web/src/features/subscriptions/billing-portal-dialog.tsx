import type { InvoiceRow, Subscription } from '@plumbline/contracts';
import { CreditCard } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api/errors';
import { formatPrice, usePortalAction } from '@/lib/billing';
import { useT } from '@/lib/i18n';
import { BillingHistoryTable } from './billing-history-table';
import { subscriptionProjectName } from './billing-rules';
import { CardForm } from './card-form';

/**
 * The billing portal of the built-in ledger, inside the app (decision 0311): what Stripe's hosted
 * portal offers under PAYMENTS=stripe: each project's card (replace it), open invoices (pay them with
 * the saved card), every invoice.
 */
export function BillingPortalDialog({
  subscriptions,
  invoices,
  onClose,
}: {
  subscriptions: Subscription[];
  invoices: InvoiceRow[];
  onClose: () => void;
}) {
  const t = useT('subscriptions');
  const action = usePortalAction();
  const [editing, setEditing] = useState<string | null>(null);
  const manageable = subscriptions.filter((s) => s.can_manage && s.status !== 'canceled');
  const open = invoices.filter((i) => i.computed_status !== 'paid');

  const replaceCard = (subscription: Subscription, card: Parameters<typeof action.mutate>[0]) =>
    action.mutate(card, {
      onSuccess: () => {
        toast.success(
          t('subscriptions.portal.cardReplaced', { project: subscriptionProjectName(subscription) }),
        );
        setEditing(null);
      },
      onError: (error) => toast.error(errorMessage(error)),
    });

  const pay = (invoice: InvoiceRow) =>
    action.mutate(
      { action: 'payInvoice', invoiceId: invoice.id },
      {
        onSuccess: () => toast.success(t('subscriptions.portal.paid', { number: invoice.invoice_number })),
        onError: (error) => toast.error(errorMessage(error)),
      },
    );

  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-h-[90vh] max-w-3xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{t('subscriptions.portal.title')}</DialogTitle>
          <DialogDescription>{t('subscriptions.portal.description')}</DialogDescription>
        </DialogHeader>

        <section className="grid gap-2" aria-labelledby="portal-open-invoices">
          <h3 id="portal-open-invoices" className="font-semibold">
            {t('subscriptions.portal.openInvoices')}
          </h3>
          {open.length === 0 && (
            <p className="text-sm text-muted-foreground">{t('subscriptions.portal.noOpenInvoices')}</p>
          )}
          {open.map((invoice) => (
            <div
              key={invoice.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border p-3 text-sm"
            >
              <span>
                {t('subscriptions.portal.openInvoice', {
                  number: invoice.invoice_number,
                  project: invoice.project_name_snapshot,
                  amount: formatPrice(invoice.amount, invoice.currency),
                  status: invoice.computed_status,
                })}
              </span>
              <Button size="sm" disabled={action.isPending} onClick={() => pay(invoice)}>
                {t('subscriptions.portal.pay', { amount: formatPrice(invoice.amount, invoice.currency) })}
              </Button>
            </div>
          ))}
        </section>

        <section className="grid gap-2" aria-labelledby="portal-cards">
          <h3 id="portal-cards" className="font-semibold">
            {t('subscriptions.portal.cards')}
          </h3>
          {manageable.map((subscription) => {
            const name = subscriptionProjectName(subscription);
            const card = subscription.card;
            return (
              <div key={subscription.id} className="grid gap-2 rounded-lg border border-border p-3 text-sm">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="inline-flex items-center gap-2">
                    <CreditCard className="size-4" aria-hidden="true" />
                    <strong>{name}</strong>
                    <span data-testid="portal-card">
                      {card
                        ? t('subscriptions.portal.card', {
                            brand: card.brand,
                            last4: card.last4,
                            month: String(card.exp_month).padStart(2, '0'),
                            year: String(card.exp_year),
                          })
                        : t('subscriptions.portal.noCard')}
                    </span>
                  </span>
                  {editing !== subscription.id && (
                    <Button variant="outline" size="sm" onClick={() => setEditing(subscription.id)}>
                      {card ? t('subscriptions.portal.replaceCard') : t('subscriptions.portal.addCard')}
                    </Button>
                  )}
                </div>
                {editing === subscription.id && (
                  <CardForm
                    projectName={name}
                    pending={action.isPending}
                    onCancel={() => setEditing(null)}
                    onSubmit={(typed) =>
                      replaceCard(subscription, {
                        action: 'replaceCard',
                        subscriptionId: subscription.id,
                        card: typed,
                      })
                    }
                  />
                )}
              </div>
            );
          })}
        </section>

        <section className="grid gap-2" aria-labelledby="portal-invoices">
          <h3 id="portal-invoices" className="font-semibold">
            {t('subscriptions.portal.invoices')}
          </h3>
          <BillingHistoryTable invoices={invoices} />
        </section>

        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {t('subscriptions.portal.close')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
