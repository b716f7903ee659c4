import type { AiChatEvent, AiModelContext } from '@plumbline/contracts';
import type { Database } from '../../platform/db';
import type { Logger } from '../../platform/logger';
import { requireProjectReader } from '../projects';
import { answerQuestion } from './analyst';
import { modelCounts } from './analyst/overview';
import { AiError } from './errors';
import { type ModelTarget, streamModelAnswer } from './model-chat';
import * as repo from './repo';

/** Who asks about what: checked once, before the answer starts streaming. */
export interface ChatScope {
  project: { name: string; description: string };
  file: { id: string; name: string };
  version: repo.VersionRef;
}

/** Splits an answer into the pieces it is streamed in (one line each, newline kept). */
export function answerPieces(text: string): string[] {
  return text.split(/(?<=\n)/).filter((piece) => piece.length > 0);
}

export function createAiService(deps: { db: Database; model: ModelTarget | null; logger: Logger }) {
  const { db, logger } = deps;

  async function resolve(
    userId: string | null,
    projectId: string,
    fileId: string,
    versionId: string | undefined,
  ): Promise<{
    project: { name: string; description: string };
    file: { id: string; name: string };
    version: repo.VersionRef | null;
  }> {
    const { project } = await requireProjectReader({ db, userId }, projectId);
    const { file, version } = await repo.resolveFileVersion(db, projectId, fileId, versionId);
    if (!file) throw new AiError('file_not_found');
    if (versionId && !version) throw new AiError('version_not_found');
    if (versionId && version?.status !== 'completed') throw new AiError('version_not_ready');
    return { project: { name: project.name, description: project.description ?? '' }, file, version };
  }

  return {
    assistant: (deps.model ? 'model' : 'analyst') as 'model' | 'analyst',

    /** The project and a summary of the version, for the panel's welcome, focus and analysis boxes. */
    async context(
      userId: string | null,
      projectId: string,
      fileId: string,
      versionId?: string,
    ): Promise<AiModelContext> {
      const { project, file, version } = await resolve(userId, projectId, fileId, versionId);
      const counts = version ? await modelCounts(db, version) : null;
      return {
        project,
        file,
        version: version ? { id: version.id, version_tag: version.versionTag } : null,
        element_count: counts?.total ?? 0,
        level_count: counts?.levels.length ?? 0,
        levels: counts?.levels ?? [],
        categories: counts?.byCategory.slice(0, 20) ?? [],
        systems: counts?.systems ?? [],
        assistant: deps.model ? 'model' : 'analyst',
      };
    },

    /** Checks access and picks the version; errors here become HTTP errors, before any streaming. */
    async prepareChat(
      userId: string | null,
      projectId: string,
      fileId: string,
      versionId?: string,
    ): Promise<ChatScope> {
      const { project, file, version } = await resolve(userId, projectId, fileId, versionId);
      if (!version) throw new AiError('no_processed_version');
      return { project, file, version };
    },

    /**
     * The answer as chat events: message pieces, then the cited elements, then complete. A failure
     * while answering becomes an error event (the stream has started; there is no status to change).
     */
    async *chat(scope: ChatScope, question: string, signal: AbortSignal): AsyncGenerator<AiChatEvent> {
      try {
        if (deps.model) {
          const counts = await modelCounts(db, scope.version);
          yield* streamModelAnswer(deps.model, {
            db,
            version: scope.version,
            project: scope.project,
            fileName: scope.file.name,
            counts,
            question,
            signal,
          });
        } else {
          const answer = await answerQuestion(db, scope.version, question);
          const metadata = {
            source: 'analyst' as const,
            intent: answer.intent,
            version_id: scope.version.id,
          };
          for (const piece of answerPieces(answer.text)) {
            if (signal.aborted) return;
            yield { type: 'message', content: piece, metadata };
          }
          yield { type: 'elements', ...answer.citations.toEvent() };
        }
        yield { type: 'complete' };
      } catch (error) {
        if (signal.aborted) return;
        logger.warn({ err: error }, 'assistant answer failed');
        const detail = error instanceof Error ? error.message : String(error);
        yield {
          type: 'error',
          content: `The assistant could not answer: ${detail}`,
          metadata: { error: true, source: deps.model ? 'model' : 'analyst' },
        };
      }
    },
  };
}

export type AiService = ReturnType<typeof createAiService>;
