import type { ChangeKind } from '@plumbline/contracts';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/api';
import { useT } from '@/lib/i18n';
import { KindIcon } from './change-kind';
import type { SpecificationOfPair } from './changes-source';
import { CHANGES_PAGE_SIZE, useChanges } from './queries';
import { reasonText } from './reason-text';

/** One specification's elements of one kind (new, resolved, removed): name, class, storey and why. */
export function ChangeList({
  projectId,
  fileId,
  pair,
  specification,
  kind,
}: SpecificationOfPair & { kind: ChangeKind }) {
  const t = useT('changes');
  const count = specification.counts[kind];
  const query = { ...pair, specificationKey: specification.key, kind };
  const changes = useChanges(projectId, fileId, query, count > 0);
  const label = t('changes.kindCount', { kind, count });
  return (
    <section aria-label={t('changes.list.label', { kind, name: specification.name })} className="space-y-1">
      <h4 className="flex items-center gap-1.5 text-sm font-medium">
        <KindIcon kind={kind} />
        {label}
      </h4>
      {count === 0 ? (
        <p className="text-xs text-muted-foreground">{t('changes.list.none')}</p>
      ) : changes.isPending ? (
        <p role="status" className="text-xs text-muted-foreground">
          {t('changes.list.loading')}
        </p>
      ) : changes.isError ? (
        <p className="text-xs text-destructive">
          {errorMessage(changes.error, t('changes.list.loadFailed'))}
        </p>
      ) : (
        <>
          <Table aria-label={t('changes.list.tableLabel', { kind, name: specification.name })}>
            <TableHeader>
              <TableRow>
                <TableHead>{t('changes.list.name')}</TableHead>
                <TableHead>{t('changes.list.class')}</TableHead>
                <TableHead>{t('changes.list.storey')}</TableHead>
                <TableHead>{t('changes.list.reason', { kind })}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {changes.data.changes.map((change) => (
                <TableRow key={`${change.requirement_key} ${change.element_key}`}>
                  <TableCell className="max-w-48 truncate" title={change.global_id ?? undefined}>
                    {change.name ?? change.global_id ?? `#${change.step_id}`}
                  </TableCell>
                  <TableCell>{change.ifc_class}</TableCell>
                  <TableCell>{change.level ?? '—'}</TableCell>
                  <TableCell>{reasonText(t, change.reason, specification)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {changes.data.total > changes.data.changes.length && (
            <p className="text-xs text-muted-foreground">
              {t('changes.list.firstOf', { shown: CHANGES_PAGE_SIZE, total: changes.data.total })}
            </p>
          )}
        </>
      )}
    </section>
  );
}
