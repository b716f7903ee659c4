import { readFileSync } from 'node:fs';
import { IfcReadError, readIfc } from '@plumbline/ifc';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bimFiles, fileVersions } from '../src/schema';
import { testBackends } from './support/backends';
import { call, type Session, serverWithAccountsForBlock, type TestServer } from './support/server';

// Migration 0052 turns the English sentences stored in file_versions.error into a code and its values
// (issue 31); 0053 then drops the column. Each sentence below is one the server wrote before, by the
// code path named beside it; what it must become, and what the API says for it afterwards in English
// and German, is written here by hand.
const MIGRATION = new URL('../drizzle/0052_version_failure_code.sql', import.meta.url);

/** The IFC reader's own diagnostic for a file it cannot read (what processing stored for it). */
function readerMessage(text: string): string {
  try {
    readIfc(new TextEncoder().encode(text)).dispose();
  } catch (error) {
    if (error instanceof IfcReadError) return error.message;
    throw error;
  }
  throw new Error('the reader read it');
}

const broken = readerMessage('ISO-10303-21;\nDATA;\n#1=IFCWALL();\nENDSEC;\nEND-ISO-10303-21;\n');
const empty = readerMessage('');

interface Case {
  stored: string;
  code: string;
  params: Record<string, string | number>;
  en: string;
  de?: string;
}

const CASES: Case[] = [
  {
    stored: 'The ACC import is not set up on this installation.', // acc-fetch-version: no ACC client
    code: 'acc_not_configured',
    params: {},
    en: 'The ACC import is not set up on this installation.',
    de: 'Der ACC-Import ist in dieser Installation nicht eingerichtet.',
  },
  {
    stored: 'The project is no longer connected to ACC.',
    code: 'acc_disconnected',
    params: {},
    en: 'The project is no longer connected to ACC.',
    de: 'Das Projekt ist nicht mehr mit ACC verbunden.',
  },
  {
    stored: 'The file could not be fetched from ACC.',
    code: 'acc_unavailable',
    params: {},
    en: 'The file could not be fetched from ACC.',
  },
  {
    stored: 'The RVT to IFC translation took longer than 30 minutes.',
    code: 'acc_translation_timeout',
    params: { minutes: 30 },
    en: 'The RVT to IFC translation took longer than 30 minutes.',
    de: 'Die Umwandlung von RVT in IFC dauerte länger als 30 Minuten.',
  },
  {
    stored: 'The file is larger than the upload limit of 1048576 bytes.',
    code: 'acc_too_large',
    params: { bytes: 1048576 },
    en: 'The file is larger than the upload limit of 1,048,576 bytes.',
  },
  {
    stored: 'The file is not an IFC (STEP) file', // the header guard's refusal of a fetched file
    code: 'acc_not_ifc',
    params: {},
    en: 'The file fetched from ACC is not an IFC (STEP) file.',
  },
  {
    stored: 'Processing failed: The stored model file could not be read.', // giveUp of a system error
    code: 'model_file_unreadable',
    params: {},
    en: 'Processing failed: the stored model file could not be read.',
    de: 'Verarbeitung fehlgeschlagen: Die gespeicherte Modelldatei konnte nicht gelesen werden.',
  },
  {
    stored: 'Processing failed: connection terminated unexpectedly', // giveUp of any other error
    code: 'processing_failed',
    params: { detail: 'connection terminated unexpectedly' },
    en: 'Processing failed: connection terminated unexpectedly',
    de: 'Verarbeitung fehlgeschlagen: connection terminated unexpectedly',
  },
  {
    stored:
      'Processing stopped: it ran longer than its time limit of 30 minutes (PROCESSING_TIME_LIMIT_SECONDS).',
    code: 'time_limit',
    params: { minutes: 30 },
    en: 'Processing stopped: it ran longer than its time limit of 30 minutes (PROCESSING_TIME_LIMIT_SECONDS).',
    de: 'Verarbeitung abgebrochen: Sie dauerte länger als die Zeitgrenze von 30 Minuten (PROCESSING_TIME_LIMIT_SECONDS).',
  },
  {
    stored:
      'Processing stopped: it ran longer than its time limit of 1 second (PROCESSING_TIME_LIMIT_SECONDS).',
    code: 'time_limit',
    params: { seconds: 1 },
    en: 'Processing stopped: it ran longer than its time limit of 1 second (PROCESSING_TIME_LIMIT_SECONDS).',
  },
  {
    stored: broken, // "line 6: …": the reader's diagnostic
    code: 'unreadable',
    params: { detail: broken },
    en: `The file could not be read as IFC: ${broken}`,
    de: `Die Datei konnte nicht als IFC gelesen werden: ${broken}`,
  },
  {
    stored: empty,
    code: 'unreadable',
    params: { detail: empty },
    en: `The file could not be read as IFC: ${empty}`,
  },
  {
    // Autodesk's own words for a failed translation: kept, and shown as they were.
    stored: 'Revit file is damaged and could not be opened (TranslationWorker-InternalFailure).',
    code: 'unknown',
    params: { detail: 'Revit file is damaged and could not be opened (TranslationWorker-InternalFailure).' },
    en: 'Revit file is damaged and could not be opened (TranslationWorker-InternalFailure).',
    de: 'Revit file is damaged and could not be opened (TranslationWorker-InternalFailure).',
  },
];

for (const backend of testBackends()) {
  describe(`failed versions' sentences stored before (${backend.name})`, () => {
    let server: TestServer;
    let owner: Session;
    serverWithAccountsForBlock(backend, ['Mia Migrator'], (started, [account]) => {
      server = started;
      owner = account;
    });

    it('become the code and values the server writes today, and read in English and German', async () => {
      expect(broken).toMatch(/^line \d+: /);
      const created = await call(server, owner, 'POST', '/api/v1/projects', { name: 'Legacy Failures' });
      const projectId: string = created.json().project.id;
      const { db } = server.database;
      const [file] = await db
        .insert(bimFiles)
        .values({ projectId, name: 'Legacy.ifc', sourceFilename: 'Legacy.ifc' })
        .returning();
      if (!file) throw new Error('no file row');
      const rows = [
        ...CASES.map((c) => ({ status: 'failed' as const, stored: c.stored })),
        { status: 'completed' as const, stored: null },
      ];
      const ids = await db
        .insert(fileVersions)
        .values(
          rows.map((row, i) => ({
            bimFileId: file.id,
            versionNumber: i + 1,
            versionTag: `v${i + 1}`,
            status: row.status,
            sizeBytes: 1,
            sha256: 'a'.repeat(64),
            storageKey: `legacy-${i}`,
          })),
        )
        .returning({ id: fileVersions.id, number: fileVersions.versionNumber });
      const idOf = new Map(ids.map((r) => [r.number, r.id]));

      // The table as it was before 0052: the sentence in `error`, no code yet.
      await db.execute(sql.raw('alter table file_versions add column error text'));
      try {
        for (const [i, row] of rows.entries())
          await db.execute(sql`update file_versions set error = ${row.stored} where id = ${idOf.get(i + 1)}`);
        // 0052's columns exist already (the server migrated): run its statement that fills them.
        const statements = readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint');
        const update = statements.find((s) => s.includes('UPDATE "file_versions"'));
        if (!update) throw new Error('0052 has no update');
        await db.execute(sql.raw(update));
      } finally {
        await db.execute(sql.raw('alter table file_versions drop column error'));
      }

      const stored = await db
        .select({
          number: fileVersions.versionNumber,
          code: fileVersions.errorCode,
          params: fileVersions.errorParams,
        })
        .from(fileVersions)
        .where(eq(fileVersions.bimFileId, file.id));
      const byNumber = new Map(stored.map((r) => [r.number, r]));
      CASES.forEach((c, i) => {
        expect(byNumber.get(i + 1), c.stored).toEqual({ number: i + 1, code: c.code, params: c.params });
      });
      expect(byNumber.get(rows.length)).toEqual({ number: rows.length, code: null, params: null });

      // What the API sends for them: the code and values, and the words in the request's language.
      const versions = async (language: string) =>
        (
          await server.app.inject({
            method: 'GET',
            url: `/api/v1/projects/${projectId}/bimfiles/${file.id}/versions`,
            headers: { authorization: `Bearer ${owner.token}`, 'accept-language': language },
          })
        ).json().versions as Array<{ version_number: number; failure: unknown; error: string | null }>;
      const en = new Map((await versions('en')).map((v) => [v.version_number, v]));
      const de = new Map((await versions('de')).map((v) => [v.version_number, v]));
      CASES.forEach((c, i) => {
        expect(en.get(i + 1)).toMatchObject({ failure: { code: c.code, params: c.params }, error: c.en });
        if (c.de) expect(de.get(i + 1)?.error).toBe(c.de);
      });
      expect(en.get(rows.length)).toMatchObject({ failure: null, error: null });
    });
  });
}
