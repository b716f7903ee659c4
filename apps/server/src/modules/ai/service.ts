import type { AiChatEvent, AiModelContext } from '@plumbline/contracts';
import type { Locale } from '@plumbline/i18n';
import type { Database } from '../../platform/db';
import { render } from '../../platform/i18n';
import type { Logger } from '../../platform/logger';
import { findCheckedVersion, requireCheckedVersion } from '../bimfiles';
import type { ComplianceService } from '../compliance';
import type { ExplorerStore } from '../metadata';
import { requireProjectReader } from '../projects';
import { type AnalystContext, answerQuestion, suggestedQuestions, VersionFacts } from './analyst';
import { className } from './analyst/classes';
import { modelCounts } from './analyst/overview';
import { type ModelTarget, streamModelAnswer } from './model-chat';
import * as repo from './repo';

/** Who asks about what: checked once, before the answer starts streaming. */
export interface ChatScope {
  userId: string | null;
  /** The asking person's language (the request's): the answer's. */
  locale: Locale;
  projectId: string;
  project: { name: string; description: string };
  file: { id: string; name: string };
  version: repo.VersionRef;
}

/** Splits an answer into the pieces it is streamed in (one line each, newline kept). */
export function answerPieces(text: string): string[] {
  return text.split(/(?<=\n)/).filter((piece) => piece.length > 0);
}

/** How many cited elements the sources list names (the rest stay ids for highlighting). */
const NAMED_SOURCES = 100;

export function createAiService(deps: {
  db: Database;
  model: ModelTarget | null;
  logger: Logger;
  /** The screens' compliance figures: every count the assistant states comes from here. */
  compliance: ComplianceService;
  /** Where the version's property rows are read (the explorer's store). */
  explorer: ExplorerStore;
}) {
  const { db, logger } = deps;
  const analystContext = (scope: ChatScope): AnalystContext => ({
    db,
    explorer: deps.explorer,
    compliance: deps.compliance,
    userId: scope.userId,
    projectId: scope.projectId,
    fileId: scope.file.id,
    version: scope.version,
  });

  /** The project as the assistant names it; 404 for someone who may not read it. */
  async function readableProject(userId: string | null, projectId: string) {
    const { project } = await requireProjectReader({ db, userId }, projectId);
    return { name: project.name, description: project.description ?? '' };
  }

  /** The elements event with the first cited elements' names, classes and storeys. */
  async function withSources(
    scope: ChatScope,
    cited: { elements: string[]; elementsByType: Record<string, string[]> },
  ): Promise<AiChatEvent> {
    const rows = await repo.elementsByGlobalIds(db, scope.version.id, cited.elements.slice(0, NAMED_SOURCES));
    const byId = new Map(rows.map((r) => [r.globalId, r]));
    const sources = cited.elements.slice(0, NAMED_SOURCES).flatMap((id) => {
      const row = byId.get(id);
      return row
        ? [{ global_id: id, name: row.name, ifc_class: className(row.ifcClass), storey: row.level }]
        : [];
    });
    return { type: 'elements', ...cited, sources };
  }

  return {
    assistant: (deps.model ? 'model' : 'analyst') as 'model' | 'analyst',

    /**
     * The project and a summary of the version, for the panel's welcome, focus and analysis boxes; the
     * suggested questions in the asking person's language.
     */
    async context(
      locale: Locale,
      userId: string | null,
      projectId: string,
      fileId: string,
      versionId?: string,
    ): Promise<AiModelContext> {
      const project = await readableProject(userId, projectId);
      const { file, version } = await findCheckedVersion(db, { projectId, fileId, versionId });
      const counts = version ? await modelCounts(db, version) : null;
      const suggestions = version
        ? await suggestedQuestions(
            new VersionFacts(analystContext({ userId, locale, projectId, project, file, version })),
            locale,
          )
        : [];
      return {
        project,
        file,
        version: version ? { id: version.id, version_tag: version.versionTag } : null,
        element_count: counts?.total ?? 0,
        level_count: counts?.levels.length ?? 0,
        levels: counts?.levels ?? [],
        categories: counts?.byCategory.slice(0, 20) ?? [],
        systems: counts?.systems ?? [],
        suggestions,
        assistant: deps.model ? 'model' : 'analyst',
      };
    },

    /** Checks access and picks the version; errors here become HTTP errors, before any streaming. */
    async prepareChat(
      locale: Locale,
      userId: string | null,
      projectId: string,
      fileId: string,
      versionId?: string,
    ): Promise<ChatScope> {
      const project = await readableProject(userId, projectId);
      const { file, version } = await requireCheckedVersion(db, { projectId, fileId, versionId });
      return { userId, locale, projectId, project, file, version };
    },

    /**
     * The answer as chat events: message pieces, then the cited elements, then complete. A failure
     * while answering becomes an error event (the stream has started; there is no status to change).
     */
    async *chat(scope: ChatScope, question: string, signal: AbortSignal): AsyncGenerator<AiChatEvent> {
      try {
        if (deps.model) {
          const counts = await modelCounts(db, scope.version);
          for await (const event of streamModelAnswer(deps.model, {
            analyst: analystContext(scope),
            version: scope.version,
            project: scope.project,
            fileName: scope.file.name,
            counts,
            question,
            lang: scope.locale,
            signal,
          })) {
            yield event.type === 'elements' ? await withSources(scope, event) : event;
          }
        } else {
          const answer = await answerQuestion(analystContext(scope), question, scope.locale);
          const metadata = {
            source: 'analyst' as const,
            intent: answer.intent,
            language: answer.lang,
            version_id: scope.version.id,
          };
          for (const piece of answerPieces(answer.text)) {
            if (signal.aborted) return;
            yield { type: 'message', content: piece, metadata };
          }
          yield await withSources(scope, answer.citations.toEvent());
        }
        yield { type: 'complete' };
      } catch (error) {
        if (signal.aborted) return;
        logger.warn({ err: error }, 'assistant answer failed');
        const detail = error instanceof Error ? error.message : String(error);
        yield {
          type: 'error',
          content: render(scope.locale, 'assistant.failed', { detail }),
          metadata: { error: true, source: deps.model ? 'model' : 'analyst' },
        };
      }
    },
  };
}

export type AiService = ReturnType<typeof createAiService>;
