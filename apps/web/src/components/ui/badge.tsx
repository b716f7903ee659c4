import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';
import { cn } from '@/lib/cn';

export const badgeVariants = cva(
  'inline-flex items-center gap-1 rounded-md border px-2 py-0.5 text-xs font-medium whitespace-nowrap',
  {
    variants: {
      variant: {
        default: 'border-transparent bg-primary/10 text-primary',
        secondary: 'border-transparent bg-secondary text-secondary-foreground',
        outline: 'border-border text-foreground',
        success: 'border-transparent bg-green-50 text-green-700',
        warning: 'border-transparent bg-yellow-50 text-yellow-800',
        destructive: 'border-transparent bg-red-50 text-red-700',
        // A waived failure (issue 32): STATUS_COLORS.waived on its tint (7.9:1, WCAG AA); not the
        // indigo of --primary, which marks what can be clicked or is selected.
        waived: 'border-transparent bg-fuchsia-50 text-[#86198f]',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export interface BadgeProps extends React.ComponentProps<'span'>, VariantProps<typeof badgeVariants> {}

export function Badge({ className, variant, ...props }: BadgeProps) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
