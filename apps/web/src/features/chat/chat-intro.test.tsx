// @vitest-environment happy-dom
import type { AiModelContext } from '@plumbline/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { switchLocale } from '@/lib/i18n';
import { renderWithApp } from '@/lib/testing/render';
import { ChatIntro } from './chat-intro';

/** A server that suggested nothing (an older one): the panel's own questions stand in. */
const CONTEXT: AiModelContext = {
  project: { name: 'Harbour Tower', description: 'A twelve-storey office building' },
  file: { id: '00000000-0000-4000-8000-000000000002', name: 'tower.ifc' },
  version: { id: '00000000-0000-4000-8000-000000000003', version_tag: 'v1' },
  element_count: 1200,
  level_count: 3,
  levels: ['Ground', 'Level 1', 'Level 2'],
  categories: [{ name: 'IfcDoor', count: 40 }],
  systems: [],
  suggestions: [],
  assistant: 'analyst',
};

afterEach(() => switchLocale('en'));

describe('the fallback questions', () => {
  it("are asked in the page's language (German)", async () => {
    await switchLocale('de');
    const onAsk = vi.fn();
    const { user } = renderWithApp(<ChatIntro context={CONTEXT} onAsk={onAsk} disabled={false} />);
    const suggested = await screen.findByRole('region', { name: 'Vorgeschlagene Fragen' });
    const questions = within(suggested)
      .getAllByRole('button')
      .map((b) => b.textContent)
      .filter((text) => text !== 'Mehr');
    // An office: its three questions first, then the first common one.
    expect(questions.slice(0, 4)).toEqual([
      'Wie viele Räume gibt es pro Geschoss?',
      'Wie viele Fenster gibt es pro Geschoss?',
      'Welche Wände erfüllen nicht den Feuerwiderstand?',
      'Fasse die Konformität zusammen',
    ]);
    await user.click(within(suggested).getByRole('button', { name: 'Fasse die Konformität zusammen' }));
    expect(onAsk).toHaveBeenCalledWith('Fasse die Konformität zusammen');
  });
});
