import { Suspense, useId } from 'react';
import { Switch } from '@/components/ui/switch';
import { useT } from '@/lib/i18n';

interface Props {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}

/**
 * Whether a BCF export carries the model's validity findings too, one topic per failing rule
 * (issue 38, decision 0330). Its words come with the validity catalogue, loaded when this first
 * shows: until then an empty space of its size, so the export controls beside it do not wait.
 */
export function BcfValiditySwitch(props: Props) {
  return (
    <Suspense fallback={<span className="inline-block h-5 w-9" />}>
      <BcfValidityControl {...props} />
    </Suspense>
  );
}

function BcfValidityControl({ checked, onCheckedChange }: Props) {
  const t = useT('validity');
  const id = useId();
  return (
    <div className="flex items-center gap-2" title={t('validity.bcf.hint')}>
      <Switch id={id} checked={checked} onCheckedChange={onCheckedChange} />
      <label htmlFor={id} className="text-sm">
        {t('validity.bcf.include')}
      </label>
    </div>
  );
}
