import type { Specification } from '@plumbline/ids/document';
import { applyIdsEdit, type IdsEdit } from '@plumbline/ids/edit/index';
import type { Fix } from '@plumbline/ids/lint/index';
import { Download, Redo2, Undo2 } from 'lucide-react';
import { type KeyboardEvent, useEffect, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useStudioT } from '@/lib/i18n/studio';
import { FieldInput } from './field-input';
import { type History, record, redo, startHistory, undo } from './history';
import { LabelledField } from './labelled-field';
import { NewSpecification } from './new-specification';
import { ProblemsList, problemsSummary } from './problems-list';
import { ProjectScope, type StudioProject } from './project-scope';
import { SpecificationCard } from './specification-card';
import { SpecificationTools } from './specification-tools';
import { diagnosticsWithin, readForStudio, specificationLines } from './studio-document';
import { type StudioLinter, useLint } from './use-lint';

export interface StudioEditorProps {
  /** The IDS text as stored. */
  initialText: string;
  fileName: string;
  linter: StudioLinter;
  /** The project and IDS file the text is of: model choices, live counts and saving as a revision. */
  project?: StudioProject;
}

/**
 * The IDS Studio's editor (issue 33): the file's title and each specification's fields, edited as
 * text splices on the parsed document (decision 0280) so untouched bytes stay as they were; each
 * specification in plain language; the linter's diagnostics, live, with their quick fixes; undo and
 * redo (buttons, Ctrl+Z, Ctrl+Shift+Z / Ctrl+Y).
 */
export function StudioEditor({ initialText, fileName, linter, project }: StudioEditorProps) {
  const t = useStudioT();
  const [history, setHistory] = useState<History>(() => startHistory(initialText));
  const [refused, setRefused] = useState<string | null>(null);
  const text = history.present;
  const read = useMemo(() => readForStudio(text), [text]);
  const lint = useLint(text, linter);
  const current = lint.linted === text;
  const lines = useMemo(() => (read.ok ? specificationLines(read.ids) : []), [read]);

  function edit(change: IdsEdit) {
    if (!read.ok) return;
    const result = applyIdsEdit(read.ids, change);
    if (!result.ok) {
      setRefused(t('studio.editor.refused', { reason: result.reason }));
      return;
    }
    setRefused(null);
    setHistory((h) => record(h, result.text));
  }

  async function fix(chosen: Fix) {
    const fixed = await linter.fix(text, chosen);
    setHistory((h) => record(h, fixed));
  }

  function onKeyDown(event: KeyboardEvent) {
    if (!(event.ctrlKey || event.metaKey)) return;
    const key = event.key.toLowerCase();
    if (key === 'z' && !event.shiftKey) setHistory(undo);
    else if ((key === 'z' && event.shiftKey) || key === 'y') setHistory(redo);
    else return;
    event.preventDefault();
  }

  const [download, setDownload] = useState('');
  useEffect(() => {
    const url = URL.createObjectURL(new Blob([text], { type: 'application/xml' }));
    setDownload(url);
    return () => URL.revokeObjectURL(url);
  }, [text]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the undo and redo shortcuts of the fields inside
    <div className="space-y-4" onKeyDown={onKeyDown}>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={() => setHistory(undo)}
          disabled={history.past.length === 0}
        >
          <Undo2 aria-hidden="true" /> {t('studio.editor.undo')}
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() => setHistory(redo)}
          disabled={history.future.length === 0}
        >
          <Redo2 aria-hidden="true" /> {t('studio.editor.redo')}
        </Button>
        <Button variant="outline" size="sm" asChild>
          <a href={download} download={fileName}>
            <Download aria-hidden="true" /> {t('studio.editor.download')}
          </a>
        </Button>
        <span className="ml-auto text-sm text-muted-foreground" role="status" data-testid="lint-summary">
          {current ? problemsSummary(t, lint.diagnostics) : t('studio.editor.checking')}
        </span>
      </div>
      {refused && (
        <p role="alert" className="text-sm text-destructive">
          {refused}
        </p>
      )}
      <ProjectScope project={project} text={text} fileName={fileName}>
        {(view) =>
          read.ok ? (
            <>
              <LabelledField id="studio-title" label={t('studio.editor.title')}>
                <FieldInput
                  id="studio-title"
                  value={read.ids.document.info.title ?? ''}
                  onChange={(value) => edit({ op: 'setInfo', field: 'title', value })}
                />
              </LabelledField>
              {read.ids.document.specifications.map((spec: Specification, index, all) => (
                <SpecificationCard
                  // Position is the specification's identity within this text only (no ids are stored).
                  // biome-ignore lint/suspicious/noArrayIndexKey: specifications have no key of their own
                  key={index}
                  spec={spec}
                  index={index}
                  diagnostics={current ? diagnosticsWithin(lint.diagnostics, lines[index] ?? null) : []}
                  onField={(field, value) => edit({ op: 'setSpecificationField', spec: index, field, value })}
                  onCardinality={(cardinality) => edit({ op: 'setCardinality', spec: index, cardinality })}
                  onFix={fix}
                >
                  <SpecificationTools
                    spec={spec}
                    index={index}
                    count={all.length}
                    projectId={view?.projectId ?? ''}
                    model={view?.model ?? null}
                    live={
                      view?.live
                        ? { counts: view.live.check?.specifications[index], current: view.live.current }
                        : null
                    }
                    onEdit={edit}
                  />
                </SpecificationCard>
              ))}
              <NewSpecification
                projectId={view?.projectId ?? ''}
                model={view?.model ?? null}
                onAdd={(specification) =>
                  edit({ op: 'addSpecification', at: read.ids.document.specifications.length, specification })
                }
              />
            </>
          ) : (
            <p role="alert" className="text-sm text-destructive">
              {t('studio.editor.notEditable', { reason: read.message })}
            </p>
          )
        }
      </ProjectScope>
      <section aria-labelledby="studio-problems" className="space-y-2">
        <h3 id="studio-problems" className="font-medium">
          {t('studio.editor.problems')}
        </h3>
        {lint.error && (
          <p className="text-sm text-destructive">
            {t('studio.editor.linterStopped', { reason: lint.error })}
          </p>
        )}
        <ProblemsList
          diagnostics={current ? lint.diagnostics : []}
          onFix={fix}
          labelledBy="studio-problems"
          emptyText={current ? t('studio.editor.clean') : t('studio.editor.checking')}
        />
      </section>
    </div>
  );
}
