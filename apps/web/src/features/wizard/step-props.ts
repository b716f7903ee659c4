import type { Wizard } from './use-wizard';

/** The signed-in account, as far as the wizard needs it (prefills the payment step). */
export interface WizardUser {
  email: string;
  fullName: string;
}

export interface StepProps {
  wizard: Wizard;
  billingEnabled: boolean;
  /** /demo: payment and creation are simulated and nothing is written (spec 1 §4). */
  demo: boolean;
  user: WizardUser | null;
  close: () => void;
}
