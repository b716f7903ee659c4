import { describe, expect, it } from 'vitest';
import { ConversationStore } from './conversation-store';

const v1 = { projectId: 'p', fileId: 'f', versionId: 'v1' };
const v2 = { projectId: 'p', fileId: 'f', versionId: 'v2' };

describe('ConversationStore', () => {
  it("keeps each version's conversation when the other is opened", () => {
    const store = new ConversationStore<string>();
    store.write(v1, ['How many doors?', '8 doors.'], 'v1');
    expect(store.read(v2)).toEqual([]);
    expect(store.otherVersionsWithConversation(v2)).toEqual(['v1']);
    store.write(v2, ['And walls?'], 'v2');
    expect(store.read(v1)).toEqual(['How many doors?', '8 doors.']);
    expect(store.otherVersionsWithConversation(v1)).toEqual(['v2']);
  });

  it("forgets only the cleared version's conversation", () => {
    const store = new ConversationStore<string>();
    store.write(v1, ['a'], 'v1');
    store.write(v2, ['b'], 'v2');
    store.write(v2, [], null);
    expect(store.read(v2)).toEqual([]);
    expect(store.read(v1)).toEqual(['a']);
    expect(store.otherVersionsWithConversation(v2)).toEqual(['v1']);
  });

  it('does not mix files', () => {
    const store = new ConversationStore<string>();
    store.write(v1, ['a'], 'v1');
    expect(store.otherVersionsWithConversation({ projectId: 'p', fileId: 'g', versionId: 'v1' })).toEqual([]);
  });

  it("never shows one person's conversations to the next one signed in in the tab", () => {
    const store = new ConversationStore<string>();
    store.ownedBy('ada');
    store.write(v1, ['Ada asks'], 'v1');
    store.ownedBy('ada');
    expect(store.read(v1)).toEqual(['Ada asks']);
    store.ownedBy('bob');
    expect(store.read(v1)).toEqual([]);
    expect(store.otherVersionsWithConversation(v2)).toEqual([]);
  });
});
