import type { ReactNode } from 'react';
import { Label } from '@/components/ui/label';

/** One of the Studio's fields: its label above the control it names. */
export function LabelledField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="space-y-1">
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}
