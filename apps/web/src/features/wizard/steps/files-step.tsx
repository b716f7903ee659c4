import type { AccFile } from '@plumbline/contracts';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { FileDropZone } from '@/components/upload/file-drop-zone';
import { errorMessage } from '@/lib/api';
import { useTiers } from '@/lib/billing';
import { formatBytes, formatNumber } from '@/lib/format';
import { type MessageId, useT } from '@/lib/i18n';
import type { StepProps } from '../step-props';
import { barColour, checkAddFile, GB } from '../wizard-steps';
import { AccFileList } from './acc-file-list';
import { IdsFilesPicker } from './ids-files-picker';
import { StepFooter } from './step-footer';

const BAR = { green: 'bg-green-600', yellow: 'bg-yellow-500', red: 'bg-red-600' } as const;
/** Limits of a project on no plan (spec 1 §9), used when this installation sells none. */
const UNPAID = { name: null, maxFiles: 15, maxStorageGb: 3 };

/** Files (spec 1 §2.1, §5): the chosen local .ifc files, with the counter, limit toasts and usage bars. */
export function FilesStep({ wizard, billingEnabled }: StepProps) {
  const { state, update } = wizard;
  const t = useT('wizard');
  // Plans are public: the demo offers the installation's own (spec 1 §1: only payment is simulated).
  const tiers = useTiers(state.currency, billingEnabled);
  const tier = tiers.data?.find((candidate) => candidate.id === state.tierId);
  const plan = tier
    ? { name: tier.name, maxFiles: tier.max_files, maxStorageGb: tier.max_storage_gb }
    : UNPAID;
  const [error, setError] = useState<MessageId | null>(null);
  const [creating, setCreating] = useState(false);
  // With no plans to sell there is no payment step: this step creates the project. The demo pays
  // (simulated) like a live project (spec 1 §4).
  const createsNow = !wizard.flow.includes('payment');
  const acc = state.source === 'acc';
  // ACC files count with the size of the version that is imported (the latest).
  const selectedCount = acc ? state.accFiles.length : state.files.length;
  const bytes = acc
    ? state.accFiles.reduce((sum, f) => sum + f.latestSize, 0)
    : state.files.reduce((sum, f) => sum + f.size, 0);
  const limitCheck = (count: number, selectedBytes: number, fileBytes: number) =>
    checkAddFile({
      maxFiles: plan.maxFiles,
      maxStorageGb: plan.maxStorageGb,
      selectedCount: count,
      selectedBytes,
      fileBytes,
    });
  /** Spec 1 §5's toast for a file past a limit of the plan ('Default' when no plan is sold). */
  const refuse = (limit: 'files' | 'storage') => {
    const values = { plan: plan.name ?? t('wizard.files.defaultPlan') };
    if (limit === 'files')
      toast.error(t('wizard.files.fileLimit'), {
        description: t('wizard.files.fileLimitText', { ...values, max: plan.maxFiles }),
      });
    else
      toast.error(t('wizard.files.storageLimit'), {
        description: t('wizard.files.storageLimitText', { ...values, max: plan.maxStorageGb }),
      });
  };

  const add = (picked: File[]) => {
    setError(null);
    const next = [...state.files];
    for (const file of picked) {
      if (!file.name.toLowerCase().endsWith('.ifc')) {
        toast.error(t('wizard.files.onlyIfc'), {
          description: t('wizard.files.notIfc', { name: file.name }),
        });
        continue;
      }
      if (next.some((f) => f.name === file.name)) continue;
      const check = limitCheck(
        next.length,
        next.reduce((sum, f) => sum + f.size, 0),
        file.size,
      );
      if (!check.ok) {
        refuse(check.limit);
        break;
      }
      next.push(file);
    }
    update({ files: next });
  };

  const toggleAcc = (file: AccFile) => {
    if (state.accFiles.some((f) => f.id === file.id)) {
      update({ accFiles: state.accFiles.filter((f) => f.id !== file.id) });
      return;
    }
    const check = limitCheck(selectedCount, bytes, file.latestSize);
    if (!check.ok) {
      refuse(check.limit);
      return;
    }
    setError(null);
    update({ accFiles: [...state.accFiles, file] });
  };
  const filesPercent = (selectedCount / plan.maxFiles) * 100;
  const storagePercent = (bytes / (plan.maxStorageGb * GB)) * 100;

  return (
    <div className="grid gap-4">
      {acc ? (
        <AccFileList wizard={wizard} selected={state.accFiles} onToggle={toggleAcc} />
      ) : (
        <>
          <FileDropZone
            title={t('wizard.files.zone')}
            hint={t('wizard.files.zoneHint')}
            inputLabel={t('wizard.files.input')}
            accept=".ifc"
            onFiles={add}
          />
          <ul
            className="max-h-[300px] divide-y divide-border overflow-y-auto rounded-md border border-border"
            aria-label={t('wizard.files.listLabel')}
          >
            {state.files.length === 0 && (
              <li className="p-3 text-sm text-muted-foreground">{t('wizard.files.none')}</li>
            )}
            {state.files.map((file) => (
              <li key={file.name} className="flex items-center justify-between gap-3 p-2 text-sm">
                <span className="truncate">{file.name}</span>
                <span className="flex items-center gap-2 text-muted-foreground">
                  {formatBytes(file.size)}
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t('wizard.files.remove', { name: file.name })}
                    onClick={() => update({ files: state.files.filter((f) => f !== file) })}
                  >
                    <Trash2 />
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      <p className="text-sm font-medium" aria-live="polite">
        {t('wizard.files.selected', { count: selectedCount, max: plan.maxFiles })}
      </p>
      <div className="grid gap-2 text-xs text-muted-foreground sm:grid-cols-2">
        <div className="grid gap-1">
          <span>{t('wizard.files.filesBar', { count: selectedCount, max: plan.maxFiles })}</span>
          <Progress
            value={filesPercent}
            indicatorClassName={BAR[barColour(filesPercent)]}
            aria-label={t('wizard.files.filesUsed')}
          />
        </div>
        <div className="grid gap-1">
          <span>
            {t('wizard.files.storageBar', { used: formatBytes(bytes), max: formatNumber(plan.maxStorageGb) })}
          </span>
          <Progress
            value={storagePercent}
            indicatorClassName={BAR[barColour(storagePercent)]}
            aria-label={t('wizard.files.storageUsed')}
          />
        </div>
      </div>
      <IdsFilesPicker files={state.idsFiles} onChange={(idsFiles) => update({ idsFiles })} />
      {error && <p className="text-sm text-destructive">{t(error)}</p>}
      <StepFooter onBack={wizard.back}>
        <Button
          onClick={async () => {
            if (selectedCount === 0) return setError('wizard.files.atLeastOne');
            if (!createsNow) return wizard.next();
            setCreating(true);
            try {
              await wizard.finish({
                tier: null,
                customerName: '',
                billingEmail: '',
                card: null,
                idempotencyKey: crypto.randomUUID(),
              });
            } catch (failure) {
              toast.error(t('wizard.files.creationFailed'), { description: errorMessage(failure) });
            } finally {
              setCreating(false);
            }
          }}
          disabled={selectedCount === 0 || creating}
        >
          {createsNow
            ? t('wizard.files.create', { creating: creating ? 'yes' : 'no' })
            : t('wizard.footer.next')}
        </Button>
      </StepFooter>
    </div>
  );
}
