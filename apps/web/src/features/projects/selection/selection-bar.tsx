import type { BimFileVersion } from '@plumbline/contracts';
import { Info } from 'lucide-react';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { formatDate } from '@/lib/format';
import { projectDisplayName } from '../project-search';
import type { FileSelection } from './use-selection';

/** A version by its tag and the day it was uploaded (issued); one still in the pipeline by its state. */
function versionLabel(version: BimFileVersion): string {
  const state = version.status === 'completed' ? formatDate(version.created_at) : version.status;
  return `${version.version_tag} · ${state}`;
}

/**
 * The project, file and version pickers at the top of the File Inspector and the Metadata Explorer
 * (spec 2 §2.1, §2.5). Versions that have not finished processing are listed but cannot be chosen.
 */
export function SelectionBar({ selection }: { selection: FileSelection }) {
  const { projects, files, versions } = selection;
  const substitution = selection.version?.schema_substitution ?? null;
  return (
    <div className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-3" data-testid="selection-bar">
        <div className="space-y-1.5">
          <Label htmlFor="selection-project">Project</Label>
          <Select
            value={selection.projectId ?? ''}
            onValueChange={selection.selectProject}
            disabled={projects.length === 0}
          >
            <SelectTrigger id="selection-project" aria-label="Project">
              <SelectValue placeholder="Select a project" />
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
          <Label htmlFor="selection-file">File</Label>
          <Select
            value={selection.fileId ?? ''}
            onValueChange={selection.selectFile}
            disabled={!selection.projectId || files.length === 0}
          >
            <SelectTrigger id="selection-file" aria-label="File">
              <SelectValue
                placeholder={selection.projectId && files.length === 0 ? 'No files yet' : 'Select a file'}
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
          <Label htmlFor="selection-version">Version</Label>
          <Select
            value={selection.versionId ?? ''}
            onValueChange={selection.selectVersion}
            disabled={!selection.fileId || versions.length === 0}
          >
            <SelectTrigger id="selection-version" aria-label="Version">
              <SelectValue placeholder="Select a version" />
            </SelectTrigger>
            <SelectContent>
              {versions.map((version) => (
                <SelectItem key={version.id} value={version.id} disabled={version.status !== 'completed'}>
                  {versionLabel(version)}
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
            <span className="font-medium">Read as {substitution.read_as}.</span> {substitution.note}
          </span>
        </p>
      ) : null}
    </div>
  );
}
