import type { MessageId } from '@/lib/i18n';

/** The wizard's order (spec 1 §2.1, §4): Connect, Project, Details, Files, Payment, Complete; labels are message ids. */
export const WIZARD_STEPS = [
  { id: 'connect_acc', label: 'wizard.step.connect' },
  { id: 'select_project', label: 'wizard.step.project' },
  { id: 'project_details', label: 'wizard.step.details' },
  { id: 'select_files', label: 'wizard.step.files' },
  { id: 'payment', label: 'wizard.step.payment' },
  { id: 'complete', label: 'wizard.step.complete' },
] as const satisfies readonly { id: string; label: MessageId }[];

export type WizardStepId = (typeof WIZARD_STEPS)[number]['id'];
export type FileSource = 'local' | 'acc';

export function isWizardStep(value: unknown): value is WizardStepId {
  return WIZARD_STEPS.some((step) => step.id === value);
}

export function stepIndex(step: WizardStepId): number {
  return WIZARD_STEPS.findIndex((s) => s.id === step);
}

/**
 * Steps this flow passes through: local uploads skip Select Project (there is no ACC project to pick),
 * and an installation that sells no plans skips Payment.
 */
export function flowSteps(source: FileSource, billingEnabled: boolean): WizardStepId[] {
  return WIZARD_STEPS.map((s) => s.id).filter(
    (id) => !(id === 'select_project' && source === 'local') && !(id === 'payment' && !billingEnabled),
  );
}

export function nextStep(current: WizardStepId, flow: WizardStepId[]): WizardStepId {
  const i = flow.indexOf(current);
  return flow[Math.min(flow.length - 1, i + 1)] ?? current;
}

/** Back moves one step, except from the first and the last (spec 1 §4). */
export function previousStep(current: WizardStepId, flow: WizardStepId[]): WizardStepId {
  if (current === 'connect_acc' || current === 'complete') return current;
  const i = flow.indexOf(current);
  return flow[Math.max(0, i - 1)] ?? current;
}

/** Back and Next are hidden on the first and last steps (spec 1 §2.1). */
export function showsNavigation(step: WizardStepId): boolean {
  return step !== 'connect_acc' && step !== 'complete';
}

/** Spec 1 §5 storage bar: green up to 60 %, yellow from 60, red above 80. */
export function barColour(percent: number): 'green' | 'yellow' | 'red' {
  if (percent > 80) return 'red';
  if (percent >= 60) return 'yellow';
  return 'green';
}

export const GB = 1_073_741_824;

/** Which of the plan's limits a file would pass, if any; the Files step says so in a toast. */
export type SelectionCheck = { ok: true } | { ok: false; limit: 'files' | 'storage' };

/** Spec 1 §5: a file past the plan's file or storage limit is refused with the spec's toast. */
export function checkAddFile(input: {
  maxFiles: number;
  maxStorageGb: number;
  selectedCount: number;
  selectedBytes: number;
  fileBytes: number;
}): SelectionCheck {
  if (input.selectedCount + 1 > input.maxFiles) return { ok: false, limit: 'files' };
  if (input.selectedBytes + input.fileBytes > input.maxStorageGb * GB) return { ok: false, limit: 'storage' };
  return { ok: true };
}

/** The name the payment step starts with: the account's full name, else the e-mail before the @ (spec 1 §2.1). */
export function defaultBillingName(fullName: string | null | undefined, email: string): string {
  const name = fullName?.trim();
  return name ? name : (email.split('@')[0] ?? '');
}

/** Shared with the Subscriptions tab's card form. */
export { parseExpiry } from '@/lib/card-expiry';
