import type { AiModelContext } from '@plumbline/contracts';
import { Building2, Layers, RefreshCw, Sparkles } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { formatNumber, formatPercent } from '@/lib/format';
import { useT } from '@/lib/i18n';
import { modelInsights } from './model-complexity';
import { KEY_AREAS, SUGGESTIONS_PER_PAGE, suggestedQuestions, suggestionPage } from './project-guidance';
import { detectProjectType } from './project-type';

export interface ChatIntroProps {
  context: AiModelContext;
  onAsk(question: string): void;
  disabled: boolean;
}

/** The panel's opening: welcome for the detected project type, focus and analysis boxes, 4 suggestions. */
export function ChatIntro({ context, onAsk, disabled }: ChatIntroProps) {
  const t = useT('chat');
  const detected = useMemo(
    () => detectProjectType(context.project.name, context.project.description, context.file.name),
    [context],
  );
  const insights = useMemo(
    () =>
      modelInsights({
        elementCount: context.element_count,
        levelCount: context.level_count,
        categories: context.categories,
      }),
    [context],
  );
  // The server's suggestions are drawn from this project's IDS and model and are all answerable; the
  // project type's general questions stand in only when it has none (an older server), in the page's
  // language.
  const all = useMemo(
    () =>
      context.suggestions.length > 0
        ? context.suggestions
        : suggestedQuestions(detected.type).map((id) => t(id)),
    [context.suggestions, detected.type, t],
  );
  const [page, setPage] = useState(0);
  const shown = suggestionPage(all, page);
  const type = detected.type;
  const kind = t('chat.guide.kind', { type });

  return (
    <div className="space-y-3">
      <div className="rounded-lg bg-muted/60 p-3 text-sm leading-relaxed">
        <div className="mb-1 flex items-center gap-2 font-medium">
          <Sparkles className="size-4 text-primary" aria-hidden />
          {t('chat.title')}
        </div>
        <p>{t('chat.welcome', { file: context.file.name, kind, project: context.project.name })}</p>
      </div>

      <section aria-label={t('chat.focus')} className="rounded-lg border border-border p-3 text-sm">
        <h3 className="flex items-center gap-2 font-medium">
          <Building2 className="size-4 text-primary" aria-hidden />
          {t('chat.focus')}
        </h3>
        <p className="mb-1 text-xs text-muted-foreground">
          <span className="font-medium capitalize text-foreground">{kind}</span>
          {detected.type !== 'general' &&
            t('chat.focusDetail', {
              confidence: formatPercent(detected.confidence * 100),
              scale: t('chat.scale', { scale: detected.scale }),
            })}
        </p>
        <ul className="ml-5 list-disc text-muted-foreground">
          {KEY_AREAS.map((area) => (
            <li key={area}>{t(area, { type })}</li>
          ))}
        </ul>
      </section>

      <section aria-label={t('chat.analysis')} className="rounded-lg border border-border p-3 text-sm">
        <h3 className="mb-2 flex items-center gap-2 font-medium">
          <Layers className="size-4 text-primary" aria-hidden />
          {t('chat.analysis')}
          <span className="text-xs font-normal capitalize text-muted-foreground">
            ({t('chat.complexity', { complexity: insights.complexity })})
          </span>
        </h3>
        <dl className="grid grid-cols-3 gap-2 text-center">
          <div className="rounded-md bg-muted/50 p-2">
            <dt className="text-xs text-muted-foreground">{t('chat.elements')}</dt>
            <dd className="font-semibold">{formatNumber(context.element_count)}</dd>
          </div>
          <div className="rounded-md bg-muted/50 p-2">
            <dt className="text-xs text-muted-foreground">{t('chat.levels')}</dt>
            <dd className="font-semibold">{formatNumber(context.level_count)}</dd>
          </div>
          <div className="rounded-md bg-muted/50 p-2">
            <dt className="text-xs text-muted-foreground">{t('chat.systems')}</dt>
            <dd className="font-semibold">{formatNumber(context.systems.length)}</dd>
          </div>
        </dl>
        {context.systems.length > 0 && (
          <p className="mt-2 text-xs text-muted-foreground">
            {t('chat.systemsList', { names: context.systems.join(', ') })}
          </p>
        )}
        {insights.topCategories.length > 0 && (
          <p className="mt-1 text-xs text-muted-foreground">
            {t('chat.topCategories', {
              list: insights.topCategories.map((c) => `${c.name} (${formatNumber(c.count)})`).join(', '),
              complex: insights.complexGeometry ? 'yes' : 'no',
              multi: insights.multiLevel ? 'yes' : 'no',
            })}
          </p>
        )}
      </section>

      <section aria-label={t('chat.suggested')} className="space-y-1.5">
        <div className="flex items-center justify-between">
          <h3 className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
            {t('chat.suggested')}
          </h3>
          {all.length > SUGGESTIONS_PER_PAGE && (
            <Button
              variant="ghost"
              size="sm"
              className="h-6 px-2 text-xs"
              onClick={() => setPage((p) => p + 1)}
            >
              <RefreshCw aria-hidden />
              {t('chat.more')}
            </Button>
          )}
        </div>
        <div className="grid gap-1.5">
          {shown.map((question) => (
            <Button
              key={question}
              variant="outline"
              size="sm"
              className="h-auto justify-start whitespace-normal py-1.5 text-left"
              disabled={disabled}
              onClick={() => onAsk(question)}
            >
              {question}
            </Button>
          ))}
        </div>
      </section>
    </div>
  );
}
