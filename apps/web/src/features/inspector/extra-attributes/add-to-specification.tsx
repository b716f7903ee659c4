import type { AnalyzeAttributeResponse, ExtraAttribute, IdsEditWarning } from '@plumbline/contracts';
import type { Translator } from '@plumbline/i18n';
import { FlaskConical, Plus, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import {
  useAddAttribute,
  useAnalyzeAttribute,
  useSchemaAttributes,
} from '@/features/projects/attribute-queries';
import { useActionBlockedReason } from '@/features/projects/permissions';
import { errorMessage, isApiRequestError } from '@/lib/api';
import { type MessageId, useT } from '@/lib/i18n';
import { occurrenceInstructions, requirementAddedText } from './attribute-view';
import { idsEditWarningText } from './ids-edit-warnings';

type Cardinality = 'required' | 'optional';

interface AddToSpecificationProps {
  projectId: string;
  fileId: string;
  versionId: string | null;
  attribute: ExtraAttribute;
  onAdded: () => void;
}

function constraintText(t: Translator<MessageId>, analysis: AnalyzeAttributeResponse): string {
  const [c] = analysis.suggested_constraints;
  if (!c) return t('inspector.add.constraint', { kind: 'none' });
  if (c.type === 'enumeration')
    return t('inspector.add.constraint', { kind: c.type, values: c.values.join(', ') });
  if (c.type === 'pattern') return t('inspector.add.constraint', { kind: c.type, pattern: c.pattern });
  if (c.type === 'bounds') {
    return t('inspector.add.constraint', { kind: c.type, min: c.min_value ?? '…', max: c.max_value ?? '…' });
  }
  return t('inspector.add.constraint', { kind: c.type, value: c.value });
}

/** Spec 2 §4: pick a specification, analyze the attribute, add it; the dialog closes on success. */
export function AddToSpecification({
  projectId,
  fileId,
  versionId,
  attribute,
  onAdded,
}: AddToSpecificationProps) {
  // Analyze is the first step of adding: both wait on the role the table asks for (issue 17).
  const t = useT('inspector');
  const blockedReason = useActionBlockedReason(projectId, 'attributes.addToSpecification');
  const blocked = blockedReason !== undefined;
  const specs = useSchemaAttributes({ projectId, fileId, versionId }).data?.specifications ?? [];
  const suggested = specs.find((s) => s.name === attribute.suggested_schema_category)?.id ?? '';
  const [specId, setSpecId] = useState('');
  const chosen = specId || suggested;
  const analyze = useAnalyzeAttribute();
  const add = useAddAttribute(projectId);
  const [analysis, setAnalysis] = useState<AnalyzeAttributeResponse | null>(null);
  const [dataType, setDataType] = useState('IFCTEXT');
  const [cardinality, setCardinality] = useState<Cardinality>('optional');
  const [problem, setProblem] = useState<string | null>(null);
  // Set when the server could not edit the IDS file in place: saving then needs the user's consent.
  const [rewriteWarnings, setRewriteWarnings] = useState<IdsEditWarning[] | null>(null);

  function requireSpecification(): boolean {
    if (specs.length > 0 && !chosen) {
      toast.error(t('inspector.add.specRequired'), { description: t('inspector.add.specRequiredHint') });
      return false;
    }
    return chosen !== '';
  }

  function runAnalysis() {
    if (!requireSpecification()) return;
    setProblem(null);
    analyze.mutate(
      {
        project_id: projectId,
        property_set_name: attribute.property_set_name,
        attribute_name: attribute.name,
      },
      {
        onSuccess: (result) => {
          setAnalysis(result);
          setDataType(result.data_type_suggestions[0]?.data_type ?? 'IFCTEXT');
          setCardinality(result.cardinality_suggestion ?? 'optional');
        },
        onError: (error) => setProblem(t('inspector.add.analyzeFailed', { reason: errorMessage(error) })),
      },
    );
  }

  function addToSpecification(acceptWholeFileRewrite = false) {
    if (!requireSpecification() || !analysis) return;
    setProblem(null);
    add.mutate(
      {
        specification_id: chosen,
        property_set_name: attribute.property_set_name,
        property_name: attribute.name,
        usage_type: 'requirement',
        data_type: dataType,
        cardinality,
        value_constraints: analysis.suggested_constraints,
        instructions: occurrenceInstructions(t, attribute.occurrence),
        create_new_version: false,
        accept_whole_file_rewrite: acceptWholeFileRewrite,
      },
      {
        onSuccess: (result) => {
          if (result.outcome === 'confirmation_required') {
            setRewriteWarnings(result.warnings);
            return;
          }
          setRewriteWarnings(null);
          toast.success(t('inspector.add.added'), { description: requirementAddedText(t, result.facet) });
          onAdded();
        },
        onError: (error) => {
          setProblem(t('inspector.add.addFailed', { reason: errorMessage(error) }));
          toast.error(t('inspector.add.addFailedTitle'), {
            description: isApiRequestError(error) ? errorMessage(error) : t('inspector.add.unexpected'),
          });
        },
      },
    );
  }

  if (attribute.recommendation_status === 'added_to_schema' && attribute.ids_coverage === 'covered')
    return null;
  return (
    <section className="space-y-3 rounded-lg border border-border p-3" aria-label={t('inspector.add.title')}>
      <h3 className="text-sm font-semibold">{t('inspector.add.title')}</h3>
      {specs.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('inspector.add.noSpecifications')}</p>
      ) : (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="flex-1 space-y-1.5">
            <Label htmlFor="target-specification">{t('inspector.add.specification')}</Label>
            <Select
              value={chosen}
              onValueChange={(v) => {
                setSpecId(v);
                setAnalysis(null);
                setRewriteWarnings(null);
              }}
            >
              <SelectTrigger id="target-specification">
                <SelectValue placeholder={t('inspector.add.selectSpecification')} />
              </SelectTrigger>
              <SelectContent>
                {specs.map((s) => (
                  <SelectItem key={s.id} value={s.id}>
                    {s.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <Button
            variant="outline"
            onClick={runAnalysis}
            disabled={blocked || analyze.isPending}
            title={blockedReason}
          >
            <FlaskConical /> {analyze.isPending ? t('inspector.add.analyzing') : t('inspector.add.analyze')}
          </Button>
        </div>
      )}
      {analysis && (
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="space-y-1.5">
            <Label htmlFor="requirement-data-type">{t('inspector.add.dataType')}</Label>
            <Select value={dataType} onValueChange={setDataType}>
              <SelectTrigger id="requirement-data-type">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {analysis.data_type_suggestions.map((s) => (
                  <SelectItem key={s.data_type} value={s.data_type}>
                    {s.data_type}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="requirement-cardinality">{t('inspector.add.cardinality')}</Label>
            <Select value={cardinality} onValueChange={(v) => setCardinality(v as Cardinality)}>
              <SelectTrigger id="requirement-cardinality">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="required">{t('inspector.add.required')}</SelectItem>
                <SelectItem value="optional">{t('inspector.add.optional')}</SelectItem>
              </SelectContent>
            </Select>
          </div>
          <p className="text-sm text-muted-foreground sm:col-span-2">
            {t('inspector.add.values', { values: constraintText(t, analysis) })}
          </p>
          {rewriteWarnings === null ? (
            <Button
              className="sm:col-span-2"
              onClick={() => addToSpecification()}
              disabled={blocked || add.isPending}
              title={blockedReason}
            >
              <Plus /> {add.isPending ? t('inspector.add.adding') : t('inspector.add.add')}
            </Button>
          ) : (
            <div
              role="alert"
              aria-label={t('inspector.add.cannotKeep')}
              className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 sm:col-span-2"
            >
              <p className="flex items-center gap-2 font-semibold">
                <TriangleAlert className="size-4" /> {t('inspector.add.cannotKeep')}
              </p>
              <ul className="list-disc space-y-1 pl-5">
                {rewriteWarnings.map((w) => (
                  <li key={w.code}>{idsEditWarningText(t, w)}</li>
                ))}
              </ul>
              <p>{t('inspector.add.wholeFileRewrite')}</p>
              <div className="flex gap-2">
                <Button
                  variant="destructive"
                  onClick={() => addToSpecification(true)}
                  disabled={blocked || add.isPending}
                >
                  {add.isPending ? t('inspector.add.adding') : t('inspector.add.rewrite')}
                </Button>
                <Button variant="outline" onClick={() => setRewriteWarnings(null)} disabled={add.isPending}>
                  {t('inspector.add.cancel')}
                </Button>
              </div>
            </div>
          )}
        </div>
      )}
      {problem && (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
      {blockedReason && (
        <p className="text-xs text-muted-foreground" role="note">
          {blockedReason}
        </p>
      )}
    </section>
  );
}
