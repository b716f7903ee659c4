/**
 * The conversations of this browser tab, one per file version, kept while the tab lives: switching
 * to another version opens that version's own conversation and leaves this one where it was, so a
 * version switch never wipes what was asked (decision 0178). Clear Chat empties only its version's.
 */
export interface StoredConversation<M> {
  versionTag: string | null;
  messages: readonly M[];
}

export interface ConversationKey {
  projectId: string;
  fileId: string;
  versionId: string | null | undefined;
}

export class ConversationStore<M> {
  private readonly byVersion = new Map<string, StoredConversation<M>>();
  private owner: string | null = null;

  private static key({ projectId, fileId, versionId }: ConversationKey): string {
    return `${projectId}/${fileId}/${versionId ?? 'latest'}`;
  }

  /** Forgets every conversation (a test starting afresh). */
  clear(): void {
    this.byVersion.clear();
  }

  /** The conversations are this user's (null: nobody signed in, the demo); another's are forgotten. */
  ownedBy(userId: string | null): void {
    if (userId === this.owner) return;
    this.byVersion.clear();
    this.owner = userId;
  }

  read(key: ConversationKey): readonly M[] {
    return this.byVersion.get(ConversationStore.key(key))?.messages ?? [];
  }

  write(key: ConversationKey, messages: readonly M[], versionTag: string | null): void {
    const id = ConversationStore.key(key);
    if (messages.length === 0) this.byVersion.delete(id);
    else
      this.byVersion.set(id, {
        versionTag: versionTag ?? this.byVersion.get(id)?.versionTag ?? null,
        messages,
      });
  }

  /** The tags of the file's other versions that have a conversation (to say where it went). */
  otherVersionsWithConversation(key: ConversationKey): string[] {
    const prefix = `${key.projectId}/${key.fileId}/`;
    const own = ConversationStore.key(key);
    const tags: string[] = [];
    for (const [id, stored] of this.byVersion) {
      if (id.startsWith(prefix) && id !== own) tags.push(stored.versionTag ?? 'another version');
    }
    return tags;
  }
}
