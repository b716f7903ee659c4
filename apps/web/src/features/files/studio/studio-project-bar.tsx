import { FileUp } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api';
import { useStudioT } from '@/lib/i18n/studio';
import { useReplaceIdsFile } from '../../projects/files/queries';
import { ChoiceSelect } from './choice-select';
import type { StudioModelChoice } from './use-studio-model';

/**
 * The Studio's link to its project: the model the pickers and live counts read, and saving the
 * edited text as the IDS file's next revision, which re-checks the project's models (issue 30's
 * lineage).
 */
export function StudioProjectBar({
  projectId,
  idsFileId,
  fileName,
  text,
  models,
}: {
  projectId: string;
  idsFileId: string;
  fileName: string;
  text: string;
  models: StudioModelChoice;
}) {
  const t = useStudioT();
  const replace = useReplaceIdsFile(projectId);
  const [saved, setSaved] = useState<string | null>(null);

  async function save() {
    setSaved(null);
    try {
      await replace.mutateAsync({
        idsFileId,
        file: new File([text], fileName, { type: 'application/xml' }),
      });
      setSaved(t('studio.save.done'));
    } catch (error) {
      setSaved(t('studio.save.failed', { reason: errorMessage(error) }));
    }
  }

  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="min-w-64 flex-1">
        <ChoiceSelect
          id="studio-model"
          label={t('studio.model.label')}
          value={models.chosen}
          placeholder={t('studio.model.none')}
          choices={models.files.map((f) => ({ value: f.id, label: f.name }))}
          onChange={(id) => models.choose(id)}
        />
      </div>
      <Button type="button" size="sm" onClick={save} disabled={replace.isPending}>
        <FileUp aria-hidden="true" />
        {replace.isPending ? t('studio.save.saving') : t('studio.save.button')}
      </Button>
      {saved && (
        <p role="status" className="w-full text-sm">
          {saved}
        </p>
      )}
    </div>
  );
}
