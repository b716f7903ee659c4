import { X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { accMessageId } from '@/lib/acc';
import { useBillingConfig } from '@/lib/billing';
import { cn } from '@/lib/cn';
import { useDataSource } from '@/lib/data-source';
import { t as translate, useT } from '@/lib/i18n';
import type { WizardUser } from './step-props';
import { CompleteStep } from './steps/complete-step';
import { ConnectStep } from './steps/connect-step';
import { DetailsStep } from './steps/details-step';
import { FilesStep } from './steps/files-step';
import { PaymentStep } from './steps/payment-step';
import { SelectProjectStep } from './steps/select-project-step';
import { useWizard } from './use-wizard';
import { isWizardStep, WIZARD_STEPS, type WizardStepId } from './wizard-steps';

/** Query parameters that open the wizard (spec 1 §2.1); removed once read, with session_id and plan. */
const OPEN_PARAMS = ['createProject', 'step', 'session_id', 'plan', 'acc_error'];

/**
 * The Create New Project wizard (spec 1 §2.1): six steps in a modal that only its own buttons close.
 * Mounted once by the dashboard; any screen opens it with `?createProject=true[&step=…][&plan=…]`.
 */
export function CreateProjectWizard({ user }: { user: WizardUser | null }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const { readOnly } = useDataSource();
  // The steps' words, loaded with the wizard so no step waits for them mid-way.
  const t = useT('wizard');
  const config = useBillingConfig();
  const billingEnabled = config.data?.enabled ?? true;
  const wizard = useWizard(billingEnabled, readOnly);
  const [open, setOpen] = useState(false);
  const { state, reset } = wizard;

  const requested = searchParams.get('createProject') === 'true';
  const stepParam = searchParams.get('step');
  const planParam = searchParams.get('plan');
  const sessionParam = searchParams.get('session_id');
  const accError = searchParams.get('acc_error');
  // The latest state for the effect below, which must run once per request, not on every render.
  const latest = useRef({ state, reset, update: wizard.update });
  latest.current = { state, reset, update: wizard.update };
  useEffect(() => {
    if (!requested) return;
    const { state: current, reset: resetWizard } = latest.current;
    // The reset rule (spec 1 §2.1): a finished payment with its project keeps the wizard where it was.
    const finished = current.step === 'complete' && current.createdProjectId !== null;
    if (stepParam === 'complete' && sessionParam) {
      // Back from Stripe's checkout page: the Complete step waits for the paid project.
      resetWizard('complete', planParam);
      latest.current.update({ checkoutSessionId: sessionParam });
    } else if (!finished)
      resetWizard(isWizardStep(stepParam) && stepParam !== 'complete' ? stepParam : 'connect_acc', planParam);
    setOpen(true);
    // Back from Autodesk without a connection (refused, or the sign-in could not be verified).
    if (accError)
      toast.error(translate('wizard.acc.connectionErrorTitle'), {
        description: translate(accMessageId('connectionError')),
      });
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const name of OPEN_PARAMS) next.delete(name);
        return next;
      },
      { replace: true },
    );
  }, [requested, stepParam, planParam, sessionParam, accError, setSearchParams]);

  const close = () => setOpen(false);
  const current = WIZARD_STEPS.findIndex((s) => s.id === state.step);
  const stepProps = { wizard, billingEnabled, demo: readOnly, user, close };

  return (
    <Dialog open={open} onOpenChange={(next) => !next || setOpen(true)}>
      <DialogContent
        hideClose
        className="max-w-2xl"
        onInteractOutside={(event) => event.preventDefault()}
        onEscapeKeyDown={(event) => event.preventDefault()}
      >
        <div className="flex items-start justify-between gap-4">
          <div>
            <DialogTitle>{t('wizard.title')}</DialogTitle>
            <DialogDescription>
              {t('wizard.stepOf', {
                current: current + 1,
                total: WIZARD_STEPS.length,
                step: t(WIZARD_STEPS[current]?.label ?? 'wizard.step.connect'),
              })}
            </DialogDescription>
          </div>
          {state.step !== 'complete' && (
            <Button variant="ghost" size="icon" onClick={close} aria-label={t('wizard.close')}>
              <X />
            </Button>
          )}
        </div>
        <ProgressSteps
          current={state.step}
          skipped={WIZARD_STEPS.map((s) => s.id).filter((id) => !wizard.flow.includes(id))}
        />
        <div className="min-h-64">
          {state.step === 'connect_acc' && <ConnectStep {...stepProps} />}
          {state.step === 'select_project' && <SelectProjectStep {...stepProps} />}
          {state.step === 'project_details' && <DetailsStep {...stepProps} />}
          {state.step === 'select_files' && <FilesStep {...stepProps} />}
          {state.step === 'payment' && <PaymentStep {...stepProps} />}
          {state.step === 'complete' && <CompleteStep {...stepProps} />}
        </div>
      </DialogContent>
    </Dialog>
  );
}

function ProgressSteps({ current, skipped }: { current: WizardStepId; skipped: WizardStepId[] }) {
  const t = useT('wizard');
  const currentIndex = WIZARD_STEPS.findIndex((s) => s.id === current);
  return (
    <ol className="grid grid-cols-6 gap-1" aria-label={t('wizard.progress')}>
      {WIZARD_STEPS.map((step, index) => {
        const done = index < currentIndex;
        const active = index === currentIndex;
        return (
          <li key={step.id} aria-current={active ? 'step' : undefined} className="grid gap-1 text-center">
            <span
              className={cn(
                'h-1.5 rounded-full',
                done || active ? 'bg-primary' : 'bg-muted',
                skipped.includes(step.id) && 'opacity-40',
              )}
            />
            <span
              className={cn('text-xs', active ? 'font-semibold text-foreground' : 'text-muted-foreground')}
            >
              {t(step.label)}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
