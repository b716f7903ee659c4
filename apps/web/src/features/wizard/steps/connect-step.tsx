import { CloudOff, ExternalLink, HardDriveUpload } from 'lucide-react';
import type { StepProps } from '../step-props';

/**
 * Connect (spec 1 §2.1). Until the Autodesk Construction Cloud import lands, the source offered is
 * the files on this computer; the ACC option says so instead of pretending to connect.
 */
export function ConnectStep({ wizard }: StepProps) {
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">Where are the models of this project?</p>
      <button
        type="button"
        onClick={() => {
          wizard.update({ source: 'local' });
          wizard.update({ step: 'project_details' });
        }}
        className="flex items-start gap-4 rounded-lg border border-border p-4 text-left transition-colors hover:border-primary hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <HardDriveUpload className="mt-0.5 size-6 text-primary" aria-hidden="true" />
        <span>
          <span className="block font-medium">Upload IFC files from this computer</span>
          <span className="block text-sm text-muted-foreground">
            Choose .ifc files; they are uploaded and checked once the project is created.
          </span>
        </span>
      </button>
      <div className="flex items-start gap-4 rounded-lg border border-dashed border-border p-4 text-left opacity-80">
        <CloudOff className="mt-0.5 size-6 text-muted-foreground" aria-hidden="true" />
        <span className="text-sm">
          <span className="block font-medium">Connect to Autodesk ACC</span>
          <span className="block text-muted-foreground">
            Importing from Autodesk Construction Cloud is not available on this installation yet.
          </span>
          <a
            href="/help/acc-integration"
            target="_blank"
            rel="noreferrer"
            className="mt-1 inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline"
          >
            About the ACC integration <ExternalLink className="size-3" aria-hidden="true" />
          </a>
        </span>
      </div>
    </div>
  );
}
