import { ListChecks, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FileDropZone } from '@/components/upload/file-drop-zone';
import { formatBytes } from '@/lib/format';
import { useT } from '@/lib/i18n';

/** An IDS file is an .ids document (some tools save it as .xml); the server validates its content. */
export function isIdsFileName(name: string): boolean {
  const lower = name.toLowerCase();
  return lower.endsWith('.ids') || lower.endsWith('.xml');
}

/**
 * The Files step's optional IDS files (issue 35, decision 0315): the rules the new project's models
 * are checked against, uploaded before the models once the project exists. They do not count
 * towards the plan's file limit, which is about models.
 */
export function IdsFilesPicker({ files, onChange }: { files: File[]; onChange: (files: File[]) => void }) {
  const t = useT('wizard');
  const add = (picked: File[]) => {
    const next = [...files];
    for (const file of picked) {
      if (!isIdsFileName(file.name)) {
        toast.error(t('wizard.ids.onlyIds'), { description: t('wizard.ids.notIds', { name: file.name }) });
        continue;
      }
      if (!next.some((f) => f.name === file.name)) next.push(file);
    }
    onChange(next);
  };
  return (
    <section className="grid gap-2" aria-labelledby="wizard-ids-title">
      <h3 id="wizard-ids-title" className="flex items-center gap-2 text-sm font-medium">
        <ListChecks className="size-4 text-muted-foreground" aria-hidden="true" />
        {t('wizard.ids.title')}
      </h3>
      <p className="text-xs text-muted-foreground">{t('wizard.ids.hint')}</p>
      <FileDropZone
        title={t('wizard.ids.zone')}
        inputLabel={t('wizard.ids.input')}
        accept=".ids,.xml"
        onFiles={add}
        className="py-4"
      />
      {files.length > 0 ? (
        <ul
          className="max-h-40 divide-y divide-border overflow-y-auto rounded-md border border-border"
          aria-label={t('wizard.ids.listLabel')}
        >
          {files.map((file) => (
            <li key={file.name} className="flex items-center justify-between gap-3 p-2 text-sm">
              <span className="truncate">{file.name}</span>
              <span className="flex items-center gap-2 text-muted-foreground">
                {formatBytes(file.size)}
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t('wizard.ids.remove', { name: file.name })}
                  onClick={() => onChange(files.filter((f) => f !== file))}
                >
                  <Trash2 />
                </Button>
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-xs text-muted-foreground">{t('wizard.ids.none')}</p>
      )}
    </section>
  );
}
