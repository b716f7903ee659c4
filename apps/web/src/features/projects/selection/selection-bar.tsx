import type { BimFileVersion } from '@plumbline/contracts';
import type { Translator } from '@plumbline/i18n';
import { Info } from 'lucide-react';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { formatDate } from '@/lib/format';
import { type MessageId, useT } from '@/lib/i18n';
import { projectDisplayName } from '../project-search';
import type { FileSelection } from './use-selection';

/** A version by its tag and the day it was uploaded (issued); one still in the pipeline by its state. */
function versionLabel(t: Translator<MessageId>, version: BimFileVersion): string {
  return t('common.selection.versionLabel', {
    tag: version.version_tag,
    status: version.status,
    date: formatDate(version.created_at),
  });
}

/**
 * The project, file and version pickers at the top of the File Inspector and the Metadata Explorer
 * (spec 2 §2.1, §2.5). Versions that have not finished processing are listed but cannot be chosen.
 */
export function SelectionBar({ selection }: { selection: FileSelection }) {
  const t = useT('common');
  const { projects, files, versions } = selection;
  const substitution = selection.version?.schema_substitution ?? null;
  return (
    <div className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-3" data-testid="selection-bar">
        <div className="space-y-1.5">
          <Label htmlFor="selection-project">{t('common.project.label')}</Label>
          <Select
            value={selection.projectId ?? ''}
            onValueChange={selection.selectProject}
            disabled={projects.length === 0}
          >
            <SelectTrigger id="selection-project" aria-label={t('common.project.label')}>
              <SelectValue placeholder={t('common.project.select')} />
            </SelectTrigger>
            <SelectContent>
              {projects.map((project) => (
                <SelectItem key={project.id} value={project.id}>
                  {projectDisplayName(project)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="selection-file">{t('common.selection.file')}</Label>
          <Select
            value={selection.fileId ?? ''}
            onValueChange={selection.selectFile}
            disabled={!selection.projectId || files.length === 0}
          >
            <SelectTrigger id="selection-file" aria-label={t('common.selection.file')}>
              <SelectValue
                placeholder={
                  selection.projectId && files.length === 0
                    ? t('common.selection.noFiles')
                    : t('common.selection.selectFile')
                }
              />
            </SelectTrigger>
            <SelectContent>
              {files.map((file) => (
                <SelectItem key={file.id} value={file.id}>
                  {file.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="selection-version">{t('common.selection.version')}</Label>
          <Select
            value={selection.versionId ?? ''}
            onValueChange={selection.selectVersion}
            disabled={!selection.fileId || versions.length === 0}
          >
            <SelectTrigger id="selection-version" aria-label={t('common.selection.version')}>
              <SelectValue placeholder={t('common.selection.selectVersion')} />
            </SelectTrigger>
            <SelectContent>
              {versions.map((version) => (
                <SelectItem key={version.id} value={version.id} disabled={version.status !== 'completed'}>
                  {versionLabel(t, version)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>
      {substitution ? (
        // Read with another schema than its FILE_SCHEMA names: said, never silent (issue 14).
        <p
          role="note"
          data-testid="schema-substitution"
          className="flex items-start gap-2 rounded-md border border-border bg-muted/40 px-3 py-2 text-sm"
        >
          <Info className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
          <span>
            <span className="font-medium">
              {t('common.selection.readAs', { schema: substitution.read_as })}
            </span>{' '}
            {substitution.note}
          </span>
        </p>
      ) : null}
    </div>
  );
}
