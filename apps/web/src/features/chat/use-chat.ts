import type { AiChatEvent, AiSource, ElementsByType } from '@plumbline/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { useCurrentUser } from '@/lib/session';
import { chatSessionId, streamChat } from './chat-stream';
import { ConversationStore } from './conversation-store';

/** A chat message (spec 3 §3 'Chat message'). */
export interface ChatMessage {
  id: string;
  type: 'user' | 'ai';
  content: string;
  timestamp: Date;
  elements: string[];
  elementsByType: ElementsByType;
  /** The first cited elements with their name, class and storey (from the answer's elements event). */
  sources: AiSource[];
  /** Whether the answer has finished (its elements event arrived); the 'Found N elements' line waits for it. */
  done: boolean;
  metadata: { error?: boolean; source?: string; intent?: string };
}

/** idle → sending (waiting for the first piece) → streaming → idle (done or aborted), spec 3 §4. */
export type ChatStatus = 'idle' | 'sending' | 'streaming';

export const TROUBLE_MESSAGE = "I'm having trouble connecting right now...";
export const TROUBLE_TOAST = "I'm having trouble right now";

export interface ChatTarget {
  projectId: string | null | undefined;
  fileId: string | null | undefined;
  versionId: string | null | undefined;
}

/** This tab's conversations, one per version (a version switch remounts the chat). */
export const conversations = new ConversationStore<ChatMessage>();

let counter = 0;
const nextId = () => `m${Date.now().toString(36)}${(counter++).toString(36)}`;

function applyEvent(message: ChatMessage, event: AiChatEvent): ChatMessage {
  switch (event.type) {
    case 'message':
      return {
        ...message,
        content: message.content + event.content,
        metadata: { ...message.metadata, ...event.metadata },
        elements: event.elements ?? message.elements,
        elementsByType: event.elementsByType ?? message.elementsByType,
      };
    case 'elements':
      return {
        ...message,
        elements: event.elements,
        elementsByType: event.elementsByType,
        sources: event.sources ?? [],
        done: true,
      };
    case 'error':
      return { ...message, content: event.content, metadata: { ...message.metadata, error: true } };
    default:
      return message;
  }
}

/**
 * The conversation with the assistant about one file version: send, cancel (silently), clear. It is
 * kept per version: opening another version opens that one's, and coming back finds this one again.
 */
export function useChat(target: ChatTarget, versionTag: string | null = null) {
  const { projectId, fileId, versionId } = target;
  // Another person signed in in this tab never finds the previous one's conversations.
  const owner = useCurrentUser()?.id ?? null;
  const [messages, setMessages] = useState<ChatMessage[]>(() => {
    conversations.ownedBy(owner);
    return projectId && fileId ? [...conversations.read({ projectId, fileId, versionId })] : [];
  });
  useEffect(() => {
    conversations.ownedBy(owner);
    if (projectId && fileId) conversations.write({ projectId, fileId, versionId }, messages, versionTag);
  }, [owner, projectId, fileId, versionId, messages, versionTag]);
  const [status, setStatus] = useState<ChatStatus>('idle');
  const abortRef = useRef<AbortController | null>(null);
  const sessionRef = useRef<string>('');

  // A new file (or a cleared chat) starts a new session; an open request ends with the panel.
  useEffect(() => {
    sessionRef.current = projectId && fileId ? chatSessionId(projectId, fileId) : '';
    return () => abortRef.current?.abort();
  }, [projectId, fileId]);

  const update = useCallback((id: string, change: (m: ChatMessage) => ChatMessage) => {
    setMessages((all) => all.map((m) => (m.id === id ? change(m) : m)));
  }, []);

  const send = useCallback(
    async (text: string): Promise<boolean> => {
      const question = text.trim();
      // Blocked when empty, while a send is in progress, or without a project and file (spec 3 §5).
      if (!question || abortRef.current || !projectId || !fileId) return false;
      const controller = new AbortController();
      abortRef.current = controller;
      const now = new Date();
      const user: ChatMessage = {
        id: nextId(),
        type: 'user',
        content: question,
        timestamp: now,
        elements: [],
        elementsByType: {},
        sources: [],
        done: true,
        metadata: {},
      };
      const answerId = nextId();
      const answer: ChatMessage = {
        id: answerId,
        type: 'ai',
        content: '',
        timestamp: now,
        elements: [],
        elementsByType: {},
        sources: [],
        done: false,
        metadata: {},
      };
      setMessages((all) => [...all, user]);
      setStatus('sending');
      let shown = false;
      let final: ChatMessage = answer;
      try {
        for await (const event of streamChat({
          projectId,
          fileId,
          versionId,
          message: question,
          sessionId: sessionRef.current || chatSessionId(projectId, fileId),
          signal: controller.signal,
        })) {
          if (event.type === 'complete') continue;
          final = applyEvent(final, event);
          const snapshot = { ...final, timestamp: new Date() };
          if (!shown) {
            shown = true;
            setMessages((all) => [...all, snapshot]);
            setStatus('streaming');
          } else {
            update(answerId, () => snapshot);
          }
        }
        // What the answer found is said in a line under it (chat-message.tsx), not in a toast.
        if (!final.done) update(answerId, (m) => ({ ...m, done: true }));
      } catch (error) {
        // Cancel aborts silently (spec 3 §4): the part already shown stays, nothing else is said.
        if (controller.signal.aborted) return true;
        const detail = error instanceof Error ? error.message : String(error);
        const failed: ChatMessage = {
          ...answer,
          content: `${TROUBLE_MESSAGE}\n\n${detail}`,
          timestamp: new Date(),
          done: true,
          metadata: { error: true },
        };
        if (shown) update(answerId, () => failed);
        else setMessages((all) => [...all, failed]);
        toast.error(TROUBLE_TOAST, { description: detail });
      } finally {
        if (abortRef.current === controller) abortRef.current = null;
        setStatus('idle');
      }
      return true;
    },
    [projectId, fileId, versionId, update],
  );

  const cancel = useCallback(() => {
    abortRef.current?.abort();
    abortRef.current = null;
    setStatus('idle');
  }, []);

  const clear = useCallback(() => {
    abortRef.current?.abort();
    abortRef.current = null;
    setMessages([]);
    setStatus('idle');
    if (projectId && fileId) sessionRef.current = chatSessionId(projectId, fileId);
  }, [projectId, fileId]);

  return { messages, status, send, cancel, clear };
}
