// No user-visible text in the web app's code outside its catalogues (issue 31): the check of
// scripts/i18n-literals.ts finds nothing in any file but those on the allowlist of files not extracted
// yet, and that list only shrinks. The fixture shows that each kind of literal is found.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findLiterals, readAllowlist, repoRoot, scanWeb } from './i18n-literals';

describe('the user-visible-text check', () => {
  it('finds JSX text, strings in JSX, visible attributes and toasts, and nothing else', () => {
    const source = `
      import { toast } from 'sonner';
      export function View({ n, t }) {
        toast.success('Project saved', { description: \`\${n} files kept\` });
        toast(t('app.saved'));
        return (
          <section className="grid gap-4" data-state="open" aria-label="Project files">
            <h1>Files</h1>
            <p>{n > 1 ? 'Many' : t('app.one')}</p>
            <Input placeholder="you@company.com" title={t('app.title')} />
            <img alt="Model preview" src="/x.png" />
            <FormField label="Full name" />
            <span>{n} · 100 %</span>
            <Logo>Plumbline</Logo>
            <p>{t('app.signIn.title')}</p>
          </section>
        );
      }`;
    const found = findLiterals('view.tsx', source).map((f) => `${f.kind}: ${f.text}`);
    expect(found).toEqual([
      'toast: Project saved',
      'toast: files kept',
      'attribute: Project files',
      'jsx-text: Files',
      'jsx-string: Many',
      'attribute: you@company.com',
      'attribute: Model preview',
      'attribute: Full name',
    ]);
  });

  const allowlist = readAllowlist();
  const findings = scanWeb();

  it('finds nothing outside the allowlist of files not extracted yet', () => {
    const outside = [...findings]
      .filter(([file]) => !allowlist.includes(file))
      .flatMap(([, list]) => list.map((f) => `${f.file}:${f.line} ${f.kind}: ${f.text}`));
    expect(outside).toEqual([]);
  });

  it('lists only files that exist and still hold text to extract (take an extracted file off the list)', () => {
    const stale = allowlist.filter((file) => !existsSync(join(repoRoot, file)) || !findings.has(file));
    expect(stale).toEqual([]);
  });
});
