import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';
import { cn } from '@/lib/cn';

const alertVariants = cva('relative w-full rounded-lg border px-4 py-3 text-sm [&>svg]:size-4', {
  variants: {
    variant: {
      default: 'border-border bg-background text-foreground',
      destructive: 'border-red-200 bg-red-50 text-red-800',
      info: 'border-indigo-200 bg-indigo-50 text-indigo-900',
    },
  },
  defaultVariants: { variant: 'default' },
});

export interface AlertProps extends React.ComponentProps<'div'>, VariantProps<typeof alertVariants> {}

export function Alert({ className, variant, ...props }: AlertProps) {
  return <div role="alert" className={cn(alertVariants({ variant }), className)} {...props} />;
}
