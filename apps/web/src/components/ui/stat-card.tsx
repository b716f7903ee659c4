import type { LucideIcon } from 'lucide-react';
import type * as React from 'react';
import { useId } from 'react';
import { cn } from '@/lib/cn';
import { Card } from './card';
import { Skeleton } from './skeleton';

export interface StatCardProps {
  label: string;
  value: React.ReactNode;
  hint?: React.ReactNode;
  icon?: LucideIcon;
  loading?: boolean;
  className?: string;
}

/** A headline number with its label, as used in the summary rows of every dashboard area. */
export function StatCard({ label, value, hint, icon: Icon, loading = false, className }: StatCardProps) {
  const labelId = useId();
  return (
    <Card role="group" aria-labelledby={labelId} className={cn('p-4 sm:p-5', className)}>
      <div className="flex items-start justify-between gap-2">
        <p id={labelId} className="text-sm font-medium text-muted-foreground">
          {label}
        </p>
        {Icon && <Icon className="size-4 text-muted-foreground" aria-hidden="true" />}
      </div>
      {loading ? (
        <Skeleton className="mt-3 h-7 w-20" />
      ) : (
        <p className="mt-2 text-xl font-semibold sm:text-2xl tracking-tight tabular-nums">{value}</p>
      )}
      {hint && <p className="mt-1 text-xs text-muted-foreground">{hint}</p>}
    </Card>
  );
}
