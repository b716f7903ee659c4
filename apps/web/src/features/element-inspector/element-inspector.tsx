import { Download, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/cn';
import { useT } from '@/lib/i18n';
import { downloadElementJson } from './element-export';
import { LocationTab } from './location-tab';
import { PropertiesTab } from './properties-tab';
import { useElement, useElementCompliance } from './queries';
import { useInspectorFocus } from './use-inspector-focus';
import { ValidationTab } from './validation-tab';

export interface ElementInspectorProps {
  projectId: string;
  fileId: string;
  /** Without it, the file's latest completed version. */
  versionId?: string | null | undefined;
  /** The element's STEP id, which is also the 3D viewer's id. */
  viewerDbId: number;
  onClose(): void;
  className?: string;
}

type InspectorTab = 'properties' | 'location' | 'validation';

function Identity({ label, value, className }: { label: string; value: string; className?: string }) {
  return (
    <div className={cn('min-w-0', className)}>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="truncate font-mono text-xs font-medium" title={value}>
        {value}
      </dd>
    </div>
  );
}

/** The Element Inspector side card (spec 3 §2.3): properties, location and validation of one element. */
export function ElementInspector({
  projectId,
  fileId,
  versionId,
  viewerDbId,
  onClose,
  className,
}: ElementInspectorProps) {
  const t = useT('compliance');
  const address = { projectId, fileId, versionId, viewerDbId };
  const [tab, setTab] = useState<InspectorTab>('properties');
  const element = useElement(address);
  const compliance = useElementCompliance(address, tab === 'validation' && element.isSuccess);
  const data = element.data;
  const headingRef = useInspectorFocus<HTMLHeadingElement>();

  return (
    <Card
      role="complementary"
      aria-label={t('compliance.inspector.title')}
      className={cn('flex min-h-0 flex-col', className)}
    >
      <div className="flex items-center justify-between gap-2 border-b border-border px-4 py-3">
        <h2 ref={headingRef} tabIndex={-1} className="text-sm font-semibold outline-none">
          {t('compliance.inspector.title')}
        </h2>
        <div className="flex items-center gap-1">
          <Button
            variant="ghost"
            size="icon"
            aria-label={t('compliance.inspector.exportJson')}
            title={t('compliance.inspector.exportJson')}
            disabled={!data}
            onClick={() => data && downloadElementJson(data)}
          >
            <Download />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={t('compliance.inspector.close')}
            title={t('compliance.inspector.closeShort')}
            onClick={onClose}
          >
            <X />
          </Button>
        </div>
      </div>

      {element.isPending && (
        <div
          className="space-y-2 p-4"
          role="status"
          aria-busy="true"
          aria-label={t('compliance.inspector.loading')}
        >
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      )}
      {element.isError && (
        <EmptyState
          title={t('compliance.inspector.loadFailed')}
          description={errorMessage(element.error, t('compliance.inspector.loadFailedHint'))}
        />
      )}
      {data && (
        <div className="flex min-h-0 flex-1 flex-col">
          <dl className="grid grid-cols-2 gap-x-3 gap-y-2 border-b border-border px-4 py-3">
            <Identity label={t('compliance.inspector.elementId')} value={data.id} className="col-span-2" />
            <Identity label={t('compliance.inspector.viewerDbId')} value={String(data.viewer_db_id)} />
            <Identity label={t('compliance.inspector.category')} value={data.primary_bim_category} />
          </dl>
          <Tabs
            value={tab}
            onValueChange={(value) => setTab(value as InspectorTab)}
            className="flex min-h-0 flex-1 flex-col"
          >
            <TabsList className="border-b border-border px-3 pb-2 pt-1">
              <TabsTrigger value="properties">{t('compliance.inspector.properties')}</TabsTrigger>
              <TabsTrigger value="location">{t('compliance.inspector.location')}</TabsTrigger>
              <TabsTrigger value="validation">{t('compliance.inspector.validation')}</TabsTrigger>
            </TabsList>
            <div className="min-h-0 flex-1 overflow-y-auto px-4 py-3">
              <TabsContent value="properties">
                <PropertiesTab element={data} />
              </TabsContent>
              <TabsContent value="location">
                <LocationTab element={data} />
              </TabsContent>
              <TabsContent value="validation">
                <ValidationTab
                  compliance={compliance.data}
                  isLoading={compliance.isPending}
                  error={compliance.isError ? compliance.error : null}
                  waiverTarget={address}
                />
              </TabsContent>
            </div>
          </Tabs>
        </div>
      )}
    </Card>
  );
}
