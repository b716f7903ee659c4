import { useEffect, useState } from 'react';
import { Input } from '@/components/ui/input';
import { useStudioT } from '@/lib/i18n/studio';
import { ChoiceSelect } from './choice-select';
import { type FacetDraft, FORM_BOUNDS, type ValueForm } from './facet-draft';
import { LabelledField } from './labelled-field';

const FORMS: readonly ValueForm[] = ['any', 'values', 'pattern', 'bounds', 'length'];

/** Values typed in one field, separated by '|': 'EI30 | EI60' is two. */
export function parseValues(text: string): string[] {
  return text
    .split('|')
    .map((v) => v.trim())
    .filter((v) => v !== '');
}

const sameValues = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((v, i) => v === b[i]);

/**
 * A facet's value: any value, exact values (one, or several separated by '|'), one XSD pattern,
 * bounds (at least, at most, more than, less than) or lengths (exactly, at least, at most).
 */
export function ValueFields({
  id,
  draft,
  change,
}: {
  id: string;
  draft: FacetDraft;
  change: (patch: Partial<FacetDraft>) => void;
}) {
  const t = useStudioT();
  const [typed, setTyped] = useState(draft.values.join(' | '));
  // Values changed elsewhere (the model's values ticked) replace what was typed.
  useEffect(() => {
    setTyped((text) => (sameValues(parseValues(text), draft.values) ? text : draft.values.join(' | ')));
  }, [draft.values]);
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <ChoiceSelect
        id={`${id}-value-form`}
        label={t('studio.value.form')}
        value={draft.valueForm}
        choices={FORMS.map((f) => ({ value: f, label: t(`studio.value.form.${f}`) }))}
        onChange={(form) => change({ valueForm: form as ValueForm })}
      />
      {draft.valueForm === 'values' && (
        <LabelledField id={`${id}-values`} label={t('studio.value.values')}>
          <Input
            id={`${id}-values`}
            value={typed}
            onChange={(event) => {
              setTyped(event.target.value);
              change({ values: parseValues(event.target.value) });
            }}
          />
        </LabelledField>
      )}
      {draft.valueForm === 'pattern' && (
        <LabelledField id={`${id}-pattern`} label={t('studio.value.pattern')}>
          <Input
            id={`${id}-pattern`}
            value={draft.pattern}
            onChange={(event) => change({ pattern: event.target.value })}
          />
        </LabelledField>
      )}
      {(draft.valueForm === 'bounds' || draft.valueForm === 'length') &&
        FORM_BOUNDS[draft.valueForm].map((bound) => (
          <LabelledField key={bound} id={`${id}-${bound}`} label={t(`studio.value.bound.${bound}`)}>
            <Input
              id={`${id}-${bound}`}
              inputMode={draft.valueForm === 'length' ? 'numeric' : undefined}
              value={draft.bounds[bound]}
              onChange={(event) => change({ bounds: { ...draft.bounds, [bound]: event.target.value } })}
            />
          </LabelledField>
        ))}
    </div>
  );
}
