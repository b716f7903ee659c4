import type { ExtraAttribute, RecommendationStatus } from '@plumbline/contracts';
import { AlertTriangle, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useSetRecommendation } from '@/features/projects/attribute-queries';
import { useActionBlockedReason } from '@/features/projects/permissions';
import { errorMessage } from '@/lib/api';
import { formatNumber, formatPercent } from '@/lib/format';
import { useT } from '@/lib/i18n';
import { AddToSpecification } from './add-to-specification';
import { dialogNotes, RECOMMENDATION_STATUSES } from './attribute-view';

interface AttributeDetailDialogProps {
  projectId: string;
  fileId: string;
  versionId: string | null;
  attribute: ExtraAttribute;
  onClose: () => void;
}

/** One attribute in full: values, coverage, priority notes, its recommendation status and adding it to the IDS. */
export function AttributeDetailDialog({
  projectId,
  fileId,
  versionId,
  attribute,
  onClose,
}: AttributeDetailDialogProps) {
  const t = useT('inspector');
  const statusBlockedReason = useActionBlockedReason(projectId, 'attributes.setStatus');
  const setStatus = useSetRecommendation(projectId);
  const [pending, setPending] = useState<RecommendationStatus | null>(null);
  const notes = dialogNotes(attribute);

  function confirmChange() {
    const status = pending;
    setPending(null);
    if (!status) return;
    setStatus.mutate(
      { property_set_name: attribute.property_set_name, attribute_name: attribute.name, status },
      {
        onSuccess: () =>
          toast.success(t('inspector.extra.statusUpdated'), {
            description: t('inspector.extra.statusChanged', {
              status: t('inspector.extra.status', { status }),
            }),
          }),
        onError: (error) =>
          toast.error(t('inspector.extra.statusFailed'), { description: errorMessage(error) }),
      },
    );
  }

  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-h-[90vh] max-w-2xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{attribute.name}</DialogTitle>
          <DialogDescription>
            {attribute.property_set_name} · {attribute.category}
          </DialogDescription>
        </DialogHeader>

        <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
          <Fact label={t('inspector.extra.occurrence')} value={formatPercent(attribute.occurrence, 1)} />
          <Fact label={t('inspector.extra.filledIn')} value={formatPercent(attribute.helpfulness, 1)} />
          <Fact label={t('inspector.extra.elementsFact')} value={formatNumber(attribute.element_count)} />
          <Fact label={t('inspector.extra.distinct')} value={formatNumber(attribute.distinct_values)} />
        </dl>

        <div className="space-y-2 rounded-lg border border-border p-3 text-sm">
          <div className="flex items-center gap-2">
            <span className="font-medium">{t('inspector.extra.priorityHeading')}</span>
            <Badge
              variant={
                notes.priority === 'high'
                  ? 'destructive'
                  : notes.priority === 'medium'
                    ? 'warning'
                    : 'secondary'
              }
            >
              {t('inspector.extra.priorityBadge', { priority: notes.priority })}
            </Badge>
          </div>
          {notes.excellent && (
            <p className="flex items-center gap-2 text-green-700">
              <Sparkles className="size-4" aria-hidden="true" />{' '}
              {t('inspector.extra.excellent', { share: formatPercent(attribute.occurrence, 1) })}
            </p>
          )}
          {notes.warning && (
            <p className="flex items-center gap-2 text-yellow-800">
              <AlertTriangle className="size-4" aria-hidden="true" /> {t('inspector.extra.lowOccurrence')}
            </p>
          )}
          <p className="text-muted-foreground">
            {attribute.ids_coverage === 'covered'
              ? t('inspector.extra.coverageCovered', {
                  names: `${attribute.covering_specifications
                    .slice(0, 3)
                    .map((s) => s.name)
                    .join(', ')}${
                    attribute.covering_specifications.length > 3
                      ? ` ${t('inspector.extra.more', { count: attribute.covering_specifications.length - 3 })}`
                      : ''
                  }`,
                })
              : t('inspector.extra.coverageNone')}
          </p>
          {attribute.values.length > 0 && (
            <p className="text-muted-foreground">
              {t('inspector.extra.sampleValues', {
                values: `${attribute.values.join(', ')}${
                  attribute.distinct_values > attribute.values.length
                    ? ` ${t('inspector.extra.more', { count: attribute.distinct_values - attribute.values.length })}`
                    : ''
                }`,
              })}
            </p>
          )}
        </div>

        <div className="space-y-1.5">
          <Label htmlFor="recommendation-status">{t('inspector.extra.recommendation')}</Label>
          <Select
            value={attribute.recommendation_status}
            onValueChange={(value) => {
              if (value !== attribute.recommendation_status) setPending(value as RecommendationStatus);
            }}
            disabled={statusBlockedReason !== undefined || setStatus.isPending}
          >
            <SelectTrigger id="recommendation-status" className="sm:w-64" title={statusBlockedReason}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {RECOMMENDATION_STATUSES.map((s) => (
                <SelectItem key={s} value={s}>
                  {t('inspector.extra.status', { status: s })}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          {statusBlockedReason && (
            <p className="text-xs text-muted-foreground" role="note">
              {statusBlockedReason}
            </p>
          )}
        </div>

        <AddToSpecification
          projectId={projectId}
          fileId={fileId}
          versionId={versionId}
          attribute={attribute}
          onAdded={onClose}
        />

        <AlertDialog open={pending !== null} onOpenChange={(next) => !next && setPending(null)}>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>{t('inspector.extra.confirmTitle')}</AlertDialogTitle>
              <AlertDialogDescription>
                {t('inspector.extra.confirmText', {
                  name: attribute.name,
                  from: t('inspector.extra.status', { status: attribute.recommendation_status }),
                  to: pending ? t('inspector.extra.status', { status: pending }) : '',
                })}
              </AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel>{t('inspector.extra.cancel')}</AlertDialogCancel>
              <AlertDialogAction onClick={confirmChange}>{t('inspector.extra.confirm')}</AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      </DialogContent>
    </Dialog>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg bg-surface p-2">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-semibold tabular-nums">{value}</dd>
    </div>
  );
}
