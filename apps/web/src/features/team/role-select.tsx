import type { ProjectRole } from '@plumbline/contracts';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useT } from '@/lib/i18n';
import { PROJECT_ROLES } from './member-form';

export interface RoleSelectProps {
  value: ProjectRole;
  onChange: (role: ProjectRole) => void;
  disabled?: boolean;
  /** Given by FormField, so the label names the trigger and messages are linked to it. */
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/** The project-role picker of the Add member and Edit role dialogs. */
export function RoleSelect({ value, onChange, disabled, id, ...aria }: RoleSelectProps) {
  const t = useT('team');
  return (
    <Select
      value={value}
      onValueChange={(next) => onChange(next as ProjectRole)}
      disabled={disabled ?? false}
    >
      <SelectTrigger id={id} {...aria}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {PROJECT_ROLES.map((role) => (
          <SelectItem key={role} value={role}>
            {t('team.roleName', { role })}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
