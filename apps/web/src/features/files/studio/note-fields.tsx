import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useStudioT } from '@/lib/i18n/studio';
import type { DraftKind, FacetDraft } from './facet-draft';

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
      <div className="space-y-1">
        <Label htmlFor={`${id}-instructions`}>{t('studio.facet.instructions')}</Label>
        <Input
          id={`${id}-instructions`}
          value={draft.instructions ?? ''}
          onChange={(event) => change({ instructions: orNull(event.target.value) })}
        />
      </div>
      {URI_KINDS.includes(draft.kind) && (
        <div className="space-y-1">
          <Label htmlFor={`${id}-uri`}>{t('studio.facet.uri')}</Label>
          <Input
            id={`${id}-uri`}
            type="url"
            value={draft.uri ?? ''}
            onChange={(event) => change({ uri: orNull(event.target.value) })}
          />
        </div>
      )}
    </div>
  );
}
