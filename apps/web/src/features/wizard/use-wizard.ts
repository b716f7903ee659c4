import type {
  AccFile,
  AccHub,
  AccProject,
  BimFile,
  Currency,
  Tier,
  VoucherValidation,
} from '@plumbline/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '@/lib/api';
import { checkoutStatus } from '@/lib/billing';
import { useBillingSource } from '@/lib/billing-source';
import { t } from '@/lib/i18n';
import { savePendingFiles, takePendingFiles } from '@/lib/pending-files';
import { useProjectsSource } from '../projects/data-source';
import { useFilesSource } from '../projects/files/data-source';
import { type FileSource, flowSteps, nextStep, previousStep, type WizardStepId } from './wizard-steps';

export interface CardFields {
  number: string;
  expiry: string;
  cvc: string;
}

export interface UploadState {
  percent: number;
  status: 'waiting' | 'uploading' | 'uploaded' | 'failed';
  error?: string;
}

export interface WizardState {
  step: WizardStepId;
  source: FileSource;
  name: string;
  description: string;
  tierId: string | null;
  currency: Currency;
  files: File[];
  /** IDS files to add once the project exists (optional; uploaded before the models, decision 0315). */
  idsFiles: File[];
  customerName: string;
  voucherInput: string;
  /** Only a validated voucher discounts the price (spec 1 §5). */
  voucher: { code: string; result: VoucherValidation } | null;
  card: CardFields;
  saveCard: boolean;
  createdProjectId: string | null;
  uploads: Record<string, UploadState>;
  /** Back from Stripe's checkout page (PAYMENTS=stripe): the session whose project is awaited. */
  checkoutSessionId: string | null;
  /** ACC source: the Autodesk session, the hub and project chosen, and the chosen files. */
  accSessionId: string | null;
  hub: AccHub | null;
  accProject: AccProject | null;
  accFiles: AccFile[];
}

export function initialWizardState(
  step: WizardStepId = 'connect_acc',
  tierId: string | null = null,
): WizardState {
  return {
    step,
    source: 'local',
    name: '',
    description: '',
    tierId,
    currency: 'AUD',
    files: [],
    idsFiles: [],
    customerName: '',
    voucherInput: '',
    voucher: null,
    card: { number: '', expiry: '', cvc: '' },
    saveCard: true,
    createdProjectId: null,
    uploads: {},
    checkoutSessionId: null,
    accSessionId: null,
    hub: null,
    accProject: null,
    accFiles: [],
  };
}

/** Spec 1 §9: the demo's simulated payment and creation. */
export const DEMO_PAYMENT_MS = 2_000;
export const DEMO_CREATE_MS = 1_000;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Stripe's checkout session expired before the payment: the Complete step says so in the page's language. */
export class CheckoutExpiredError extends Error {
  constructor() {
    super('checkout_expired');
    this.name = 'CheckoutExpiredError';
  }
}

/** The toast of a created project (its namespace, `wizard`, is loaded by the wizard). */
function toastCreated(): void {
  toast.success(t('wizard.created.title'), { description: t('wizard.created.text') });
}

/** Where the IDS files chosen before Stripe's checkout wait (beside the models, under the session). */
const idsPendingKey = (sessionId: string) => `${sessionId}:ids`;

/** What the server imports from ACC for this wizard (spec 1 §7), or null for local files. */
function accSelection(state: WizardState) {
  return state.source === 'acc' && state.hub && state.accProject && state.accSessionId
    ? {
        accHubId: state.hub.id,
        accProjectUrnId: state.accProject.id,
        temporaryAccSessionId: state.accSessionId,
        selectedFileIds: state.accFiles.map((f) => f.id),
      }
    : null;
}

/** The wizard's state and the two things it does to the server: pay (or create), then upload. */
export function useWizard(billingEnabled: boolean, demo: boolean) {
  const [state, setState] = useState<WizardState>(() => initialWizardState());
  const [projectFiles, setProjectFiles] = useState<BimFile[]>([]);
  const queryClient = useQueryClient();
  // Every write goes through the data sources, whose demo variants refuse (decision 0061).
  const projects = useProjectsSource().source;
  const uploads = useFilesSource().source;
  const billing = useBillingSource();
  const update = useCallback((patch: Partial<WizardState>) => setState((s) => ({ ...s, ...patch })), []);
  const flow = flowSteps(state.source, billingEnabled);

  const setUpload = (name: string, upload: UploadState) =>
    setState((s) => ({ ...s, uploads: { ...s.uploads, [name]: upload } }));

  /**
   * Uploads the chosen files one by one with progress, after the project exists (spec 1 §4): the IDS
   * files first, so the models are checked against them as soon as each is processed.
   */
  async function uploadAll(projectId: string, files: File[], idsFiles: File[] = []): Promise<void> {
    const all = [
      ...idsFiles.map((file) => ({ file, ids: true })),
      ...files.map((file) => ({ file, ids: false })),
    ];
    for (const { file } of all) setUpload(file.name, { percent: 0, status: 'waiting' });
    for (const { file, ids } of all) {
      setUpload(file.name, { percent: 0, status: 'uploading' });
      const onProgress = (percent: number) => setUpload(file.name, { percent, status: 'uploading' });
      try {
        // A file of its own even if it resembles another IDS: a new project has none to revise.
        if (ids) await uploads.uploadIdsFile(projectId, file, { onProgress, onMatch: 'new' });
        else await uploads.uploadBimFile(projectId, file, { onProgress });
        setUpload(file.name, { percent: 100, status: 'uploaded' });
      } catch (error) {
        setUpload(file.name, { percent: 0, status: 'failed', error: errorMessage(error) });
      }
    }
  }

  /**
   * Payment first, then creation (spec 1 §4): the server charges and only then writes the project.
   * With billing off the project is created directly. Demo mode waits 2 s and 1 s and writes nothing.
   */
  async function finish(input: {
    tier: Tier | null;
    customerName: string;
    billingEmail: string;
    card: { number: string; expMonth: number; expYear: number; cvc: string } | null;
    idempotencyKey: string;
  }): Promise<string> {
    if (demo) {
      // Spec 1 §4, §9: payment waits 2 s and fakes a project id, creation waits 1 s; no request is made.
      await wait(DEMO_PAYMENT_MS);
      const fakeId = `demo-${crypto.randomUUID()}`;
      await wait(DEMO_CREATE_MS);
      update({ createdProjectId: fakeId, step: 'complete' });
      return fakeId;
    }
    const acc = accSelection(state);
    let projectId: string;
    if (billingEnabled && input.tier && input.card) {
      const paid = await billing.paySubscription({
        customerName: input.customerName.trim(),
        billingEmail: input.billingEmail,
        saveCard: state.saveCard,
        tierId: input.tier.id,
        currency: state.currency,
        ...(state.voucher ? { voucherCode: state.voucher.code } : {}),
        card: input.card,
        projectName: state.name.trim(),
        projectDescription: state.description.trim(),
        idempotencyKey: input.idempotencyKey,
        ...(acc ? { acc } : {}),
      });
      projectId = paid.project_id;
    } else if (acc) {
      const created = await projects.createProjectFromAcc({
        projectName: state.name.trim(),
        projectDescription: state.description.trim(),
        ...acc,
      });
      projectId = created.project_id;
    } else {
      const created = await projects.createProject({
        name: state.name.trim(),
        description: state.description.trim(),
      });
      projectId = created.id;
    }
    update({ createdProjectId: projectId, step: 'complete' });
    toastCreated();
    void queryClient.invalidateQueries();
    // ACC files are fetched by the server; local models and every IDS file are uploaded from here.
    void uploadAll(projectId, acc ? [] : state.files, state.idsFiles).then(() =>
      queryClient.invalidateQueries(),
    );
    return projectId;
  }

  /**
   * Spec 1 §4 redirect path (PAYMENTS=stripe): a checkout session for the plan; the chosen files wait
   * in the browser's storage, and the browser goes to Stripe's page. Returns the page's address.
   */
  async function checkout(input: {
    tier: Tier;
    customerName: string;
    billingEmail: string;
  }): Promise<string> {
    const acc = accSelection(state);
    const session = await billing.startCheckout({
      tierId: input.tier.id,
      quantity: 1,
      customerName: input.customerName.trim(),
      billingEmail: input.billingEmail,
      projectName: state.name.trim(),
      projectDescription: state.description.trim(),
      ...(acc ? { acc } : {}),
    });
    // ACC files are fetched by the server once Stripe confirms; only local files wait in the browser.
    const kept =
      (acc || (await savePendingFiles(session.session_id, state.files))) &&
      (await savePendingFiles(idsPendingKey(session.session_id), state.idsFiles));
    if (!kept) {
      toast.warning(t('wizard.checkout.filesNotKept'), {
        description: t('wizard.checkout.filesNotKeptText'),
      });
    }
    return session.url;
  }

  /**
   * Back from Stripe: asks until the payment is confirmed and the project exists, then uploads the
   * files kept for the trip. Returns false while Stripe has not confirmed it yet.
   */
  async function resumeCheckout(sessionId: string): Promise<boolean> {
    const status = await checkoutStatus(sessionId);
    if (status.status !== 'completed' || !status.project_id) {
      if (status.status === 'expired') throw new CheckoutExpiredError();
      return false;
    }
    const projectId = status.project_id;
    const files = await takePendingFiles(sessionId);
    const idsFiles = await takePendingFiles(idsPendingKey(sessionId));
    setState((s) => ({ ...s, createdProjectId: projectId, files, idsFiles, step: 'complete' }));
    toastCreated();
    void queryClient.invalidateQueries();
    void uploadAll(projectId, files, idsFiles).then(() => queryClient.invalidateQueries());
    return true;
  }

  /** The created project's files, for the Complete step's processing list (polled every 5 s there). */
  async function pollProjectFiles(): Promise<BimFile[]> {
    if (!state.createdProjectId || demo) return [];
    const files = await projects.listProjectFiles(state.createdProjectId);
    setProjectFiles(files);
    return files;
  }

  return {
    state,
    update,
    flow,
    projectFiles,
    pollProjectFiles,
    next: () => update({ step: nextStep(state.step, flow) }),
    back: () => update({ step: previousStep(state.step, flow) }),
    reset: (step: WizardStepId = 'connect_acc', tierId: string | null = null) => {
      setProjectFiles([]);
      setState(initialWizardState(step, tierId));
    },
    finish,
    checkout,
    resumeCheckout,
  };
}

export type Wizard = ReturnType<typeof useWizard>;
