import { useEffect, useState } from 'react';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { ChatPanel } from '@/features/chat/chat-panel';
import { ElementInspectorPanel } from '@/features/element-inspector/element-inspector-panel';
import type { VersionAddress } from '@/features/metadata/queries';
import { ComplianceViewer } from '@/features/viewer/compliance-viewer';
import { ModelViewerPanel } from '@/features/viewer/model-viewer-panel';
import type { ResultFilters } from '@/lib/compliance-queries';
import { useT } from '@/lib/i18n';

/** The viewer toggle is remembered this long after it changes (spec 2 §9: 300 ms). */
export const VIEWER_PREFERENCE_DELAY_MS = 300;
const KEY = 'plumbline:metadata-explorer:viewer-open';
const storage = () => (typeof window === 'undefined' ? undefined : window.localStorage);

function readOpen(): boolean {
  try {
    return storage()?.getItem(KEY) === 'true';
  } catch {
    return false;
  }
}

const PANEL_HEIGHT = 'h-[clamp(28rem,calc(100vh-12rem),48rem)]';

/** The '3D Viewer & AI Assistant' switch, remembered locally. */
export function useViewerToggle() {
  const [open, setOpen] = useState(readOpen);
  useEffect(() => {
    const timer = setTimeout(() => {
      try {
        storage()?.setItem(KEY, String(open));
      } catch {
        // Not remembered; the panels still show.
      }
    }, VIEWER_PREFERENCE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [open]);
  return [open, setOpen] as const;
}

export function ViewerToggle({ open, onChange }: { open: boolean; onChange: (open: boolean) => void }) {
  const t = useT('viewer');
  return (
    <div className="flex items-center gap-2">
      <Switch id="viewer-and-chat" checked={open} onCheckedChange={onChange} />
      <Label htmlFor="viewer-and-chat">{t('viewer.toggle')}</Label>
    </div>
  );
}

/**
 * The 3D viewer (two thirds of the width) beside the AI chat (one third) (spec 2
 * §2.5). Chat sources and table rows highlight elements in the viewer by GlobalId; a pick in the
 * viewer reports its viewer id.
 */
export function ViewerAndChatLayout({
  address,
  highlightGuids,
  onHighlight,
  onSelectElement,
  inspected,
  onCloseInspector,
  complianceColours,
}: {
  address: VersionAddress;
  highlightGuids: readonly string[];
  onHighlight: (guids: string[]) => void;
  onSelectElement: (viewerDbId: number | null) => void;
  /** The element picked in the viewer, inspected in the chat's column (spec 3 §2.3). */
  inspected: number | null;
  onCloseInspector: () => void;
  /**
   * Given while the IDS Compliance sub-tab shows: this panel is then the page's one viewer of the
   * version, painted by the view's filters, so the model is not loaded a second time below.
   */
  complianceColours?: ResultFilters | null;
}) {
  return (
    // One fixed height for both panels (fitting the window, within 28–48 rem): a long conversation
    // scrolls inside the chat instead of stretching the viewer beside it.
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-3" data-testid="viewer-and-chat">
      <div className={`${PANEL_HEIGHT} lg:col-span-2`}>
        {complianceColours ? (
          <ComplianceViewer
            projectId={address.projectId}
            fileId={address.fileId}
            versionId={address.versionId}
            specificationId={complianceColours.specificationId ?? undefined}
            onlyStatus={complianceColours.status}
            onSelectElement={onSelectElement}
            highlightGuids={highlightGuids}
            className="h-full"
          />
        ) : (
          <ModelViewerPanel
            projectId={address.projectId}
            fileId={address.fileId}
            versionId={address.versionId}
            highlightGuids={highlightGuids}
            onSelectElement={onSelectElement}
            className="h-full"
          />
        )}
      </div>
      {/* The inspector takes the chat's place while open, leaving the pickers above uncovered; the
          chat stays mounted underneath, so its conversation is there when the inspector closes. */}
      <div className={`${PANEL_HEIGHT} lg:col-span-1`}>
        {inspected !== null && (
          <ElementInspectorPanel
            projectId={address.projectId}
            fileId={address.fileId}
            versionId={address.versionId}
            viewerDbId={inspected}
            onClose={onCloseInspector}
            className="h-full"
          />
        )}
        <ChatPanel
          projectId={address.projectId}
          fileId={address.fileId}
          versionId={address.versionId}
          onHighlight={onHighlight}
          className={inspected !== null ? 'hidden' : 'h-full'}
        />
      </div>
    </div>
  );
}
