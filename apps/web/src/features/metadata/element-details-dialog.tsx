import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { useT } from '@/lib/i18n';
import { useMetadataElement, type VersionAddress } from './queries';

/** One element with every property, grouped by property set (the explorer's details dialog). */
export function ElementDetailsDialog({
  address,
  viewerDbId,
  onClose,
}: {
  address: VersionAddress;
  viewerDbId: number | null;
  onClose: () => void;
}) {
  const t = useT('metadata');
  const query = useMetadataElement(address, viewerDbId);
  const element = query.data?.element;
  return (
    <Dialog open={viewerDbId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[85vh] max-w-3xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>
            {element ? (element.name ?? element.object_id) : t('metadata.details.title')}
          </DialogTitle>
          <DialogDescription>
            {element
              ? `${element.primary_bim_category} · ${element.ifc_class} · ${element.derived_functional_group}`
              : t('metadata.details.loading')}
          </DialogDescription>
        </DialogHeader>
        {query.isPending && viewerDbId !== null && <Skeleton className="h-40" />}
        {query.isError && <p className="text-sm text-destructive">{errorMessage(query.error)}</p>}
        {element && (
          <div className="space-y-4 text-sm">
            <dl className="grid grid-cols-[10rem_1fr] gap-x-4 gap-y-1">
              <dt className="text-muted-foreground">{t('metadata.details.objectId')}</dt>
              <dd className="font-mono text-xs break-all">{element.object_id}</dd>
              <dt className="text-muted-foreground">{t('metadata.details.viewerId')}</dt>
              <dd className="font-mono text-xs">{element.viewer_db_id}</dd>
              <dt className="text-muted-foreground">{t('metadata.details.type')}</dt>
              <dd>{element.type_name ?? '—'}</dd>
              {/* Each only when the model gives it: an IFC2X3 door has no PredefinedType, its
                  '1250mm x 2010mm' is an ObjectType. */}
              {element.predefined_type !== null && (
                <>
                  <dt className="text-muted-foreground">{t('metadata.details.predefinedType')}</dt>
                  <dd>{element.predefined_type}</dd>
                </>
              )}
              {element.object_type !== null && (
                <>
                  <dt className="text-muted-foreground">{t('metadata.details.objectType')}</dt>
                  <dd>{element.object_type}</dd>
                </>
              )}
              <dt className="text-muted-foreground">{t('metadata.details.level')}</dt>
              <dd>{element.level ?? '—'}</dd>
            </dl>
            {element.property_sets.length === 0 && (
              <p className="text-muted-foreground">{t('metadata.details.noProperties')}</p>
            )}
            {element.property_sets.map((set) => (
              <section key={set.name} aria-label={set.name}>
                <h4 className="mb-1 font-semibold">{set.name}</h4>
                <table className="w-full text-xs">
                  <tbody>
                    {set.properties.map((p) => (
                      <tr key={p.name} className="border-b border-border last:border-0">
                        <td className="w-1/3 py-1 pr-2 text-muted-foreground">{p.name}</td>
                        <td className="py-1 break-all">{p.value ?? '—'}</td>
                        <td className="py-1 pl-2 text-right text-muted-foreground">{p.data_type ?? ''}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </section>
            ))}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
