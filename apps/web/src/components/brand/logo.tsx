import { cn } from '@/lib/cn';

/** Plumbline's mark: a plumb line with its bob. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={cn('size-7', className)} aria-hidden="true">
      <rect width="32" height="32" rx="7" fill="var(--color-primary)" />
      <path d="M16 6v14" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" />
      <path d="M11 20h10l-5 7z" fill="#fff" />
    </svg>
  );
}

export function Logo({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-semibold tracking-tight', className)}>
      <LogoMark />
      <span>Plumbline</span>
    </span>
  );
}
