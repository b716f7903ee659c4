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
import { formatNumber } from '@/lib/format';
import { AddToSpecification } from './add-to-specification';
import { dialogNotes, PRIORITY_LABELS, STATUS_LABELS } from './attribute-view';

const STATUSES = Object.keys(STATUS_LABELS) as RecommendationStatus[];

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
          toast.success('Status Updated', { description: `Status changed to ${STATUS_LABELS[status]}` }),
        onError: (error) => toast.error('Status Update Failed', { description: errorMessage(error) }),
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
          <Fact label="Occurrence" value={`${attribute.occurrence.toFixed(1)}%`} />
          <Fact label="Filled in" value={`${attribute.helpfulness.toFixed(1)}%`} />
          <Fact label="Elements" value={formatNumber(attribute.element_count)} />
          <Fact label="Distinct values" value={formatNumber(attribute.distinct_values)} />
        </dl>

        <div className="space-y-2 rounded-lg border border-border p-3 text-sm">
          <div className="flex items-center gap-2">
            <span className="font-medium">Priority:</span>
            <Badge
              variant={
                notes.priority === 'high'
                  ? 'destructive'
                  : notes.priority === 'medium'
                    ? 'warning'
                    : 'secondary'
              }
            >
              {PRIORITY_LABELS[notes.priority]} priority
            </Badge>
          </div>
          {notes.excellent && (
            <p className="flex items-center gap-2 text-green-700">
              <Sparkles className="size-4" aria-hidden="true" /> Excellent candidate for the IDS: present on{' '}
              {attribute.occurrence.toFixed(1)}% of elements.
            </p>
          )}
          {notes.warning && (
            <p className="flex items-center gap-2 text-yellow-800">
              <AlertTriangle className="size-4" aria-hidden="true" /> Low occurrence: found on fewer than 20%
              of elements, so requiring it may not fit most of the model.
            </p>
          )}
          <p className="text-muted-foreground">
            IDS coverage:{' '}
            {attribute.ids_coverage === 'covered'
              ? `covered by ${attribute.covering_specifications
                  .slice(0, 3)
                  .map((s) => s.name)
                  .join(
                    ', ',
                  )}${attribute.covering_specifications.length > 3 ? ` +${attribute.covering_specifications.length - 3} more` : ''}`
              : 'not covered by any specification'}
          </p>
          {attribute.values.length > 0 && (
            <p className="text-muted-foreground">
              Sample values: {attribute.values.join(', ')}
              {attribute.distinct_values > attribute.values.length &&
                ` +${attribute.distinct_values - attribute.values.length} more`}
            </p>
          )}
        </div>

        <div className="space-y-1.5">
          <Label htmlFor="recommendation-status">Recommendation status</Label>
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
              {STATUSES.map((s) => (
                <SelectItem key={s} value={s}>
                  {STATUS_LABELS[s]}
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
              <AlertDialogTitle>Confirm Status Change</AlertDialogTitle>
              <AlertDialogDescription>
                Change the status of {attribute.name} from {STATUS_LABELS[attribute.recommendation_status]} to{' '}
                {pending ? STATUS_LABELS[pending] : ''}?
              </AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel>Cancel</AlertDialogCancel>
              <AlertDialogAction onClick={confirmChange}>Confirm</AlertDialogAction>
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
