import { CreditCard } from 'lucide-react';
import { AreaPlaceholder } from '@/components/ui/area-placeholder';

/** Subscriptions (spec 3 §2.7): one plan per project, billing history. */
export function SubscriptionsTab() {
  return (
    <AreaPlaceholder
      title="Subscriptions"
      description="Plans, billing and invoices for your projects."
      icon={CreditCard}
      emptyTitle="No subscriptions yet"
      emptyDescription="Project plans and billing history will appear here once a project is subscribed."
    />
  );
}
