import type { ChangeMail } from '@plumbline/contracts';
import { toast } from 'sonner';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { errorMessage } from '@/lib/api';
import { useT } from '@/lib/i18n';
import { useProjectMail } from './webhook-queries';

/** The choices in the order offered; `team.mail.choice` names each. */
const CHOICES: readonly ChangeMail[] = ['every', 'regressions', 'none'];

/** The caller's own choice of mail when a new version of a model in this project has been compared. */
export function ChangeMailSelect({ projectId, enabled }: { projectId: string; enabled: boolean }) {
  const t = useT('team');
  const { current, set } = useProjectMail(projectId, enabled);
  if (!enabled || current === null) return null;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <Label htmlFor="change-mail">{t('team.mail.label')}</Label>
      <Select
        value={current}
        onValueChange={(value) =>
          set.mutate(value as ChangeMail, {
            onSuccess: () => toast.success(t('team.mail.saved')),
            onError: (error) => toast.error(t('team.mail.failed'), { description: errorMessage(error) }),
          })
        }
      >
        <SelectTrigger id="change-mail" className="w-64">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {CHOICES.map((choice) => (
            <SelectItem key={choice} value={choice}>
              {t('team.mail.choice', { choice })}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
