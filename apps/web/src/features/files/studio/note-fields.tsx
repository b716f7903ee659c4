import { Input } from '@/components/ui/input';
import { useStudioT } from '@/lib/i18n/studio';
import type { DraftKind, FacetDraft } from './facet-draft';
import { LabelledField } from './labelled-field';

/** Kinds whose requirement carries a URI (ids.xsd: property, classification, material). */
const URI_KINDS: readonly DraftKind[] = ['property', 'classification', 'material'];

/** A requirement's instructions for the modeller and, where ids.xsd allows one, its URI (bSDD). */
export function NoteFields({
  id,
  draft,
  change,
}: {
  id: string;
  draft: FacetDraft;
  change: (patch: Partial<FacetDraft>) => void;
}) {
  const t = useStudioT();
  const orNull = (text: string) => (text.trim() === '' ? null : text);
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <LabelledField id={`${id}-instructions`} label={t('studio.facet.instructions')}>
        <Input
          id={`${id}-instructions`}
          value={draft.instructions ?? ''}
          onChange={(event) => change({ instructions: orNull(event.target.value) })}
        />
      </LabelledField>
      {URI_KINDS.includes(draft.kind) && (
        <LabelledField id={`${id}-uri`} label={t('studio.facet.uri')}>
          <Input
            id={`${id}-uri`}
            type="url"
            value={draft.uri ?? ''}
            onChange={(event) => change({ uri: orNull(event.target.value) })}
          />
        </LabelledField>
      )}
    </div>
  );
}
