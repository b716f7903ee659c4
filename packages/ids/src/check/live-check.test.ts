/**
 * The live check counts what the model holds (declared here, counted by hand), agrees with the full
 * check's report on a real model and IDS, counts again only what an edit changed, and marks what
 * it cannot evaluate instead of throwing.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readIfcFile } from '@plumbline/ifc';
import { describe, expect, it } from 'vitest';
import { parseIds } from '../parse-ids';
import { FakeModel, step } from '../testing/fake-model';
import { entity, ids, pattern, spec, sv } from '../testing/ids-xml';
import { checkModel } from './check-model';
import { LiveChecker, liveCheck } from './live-check';

const nameIs = (v: string) => `<attribute><name>${sv('Name')}</name><value>${sv(v)}</value></attribute>`;

function model() {
  const m = new FakeModel();
  m.add('IFCWALL', { attributes: { Name: step.str('W01') } });
  m.add('IFCWALL', { attributes: { Name: step.str('W02') } });
  m.add('IFCWALL');
  m.add('IFCDOOR', { attributes: { Name: step.str('D01') } });
  return m;
}

const walls = (requirement: string, name = 'Walls') =>
  spec({ name, applicability: entity('IFCWALL'), requirements: requirement });

describe('liveCheck', () => {
  it('counts applicable, passing and failing elements per specification', () => {
    const result = liveCheck(
      model(),
      ids(
        walls(nameIs('W01')),
        spec({ name: 'Doors', applicability: entity('IFCDOOR'), requirements: nameIs('D01') }),
        spec({ name: 'Slabs', applicability: entity('IFCSLAB') }),
        spec({ name: 'No doors', applicability: entity('IFCDOOR'), occurs: 'minOccurs="0" maxOccurs="0"' }),
      ),
    );
    expect(result.readable).toBe(true);
    expect(result.specifications.map((s) => [s.name, s.counts, s.status])).toEqual([
      ['Walls', { applicable: 3, passed: 1, failed: 2 }, 'fail'],
      ['Doors', { applicable: 1, passed: 1, failed: 0 }, 'pass'],
      ['Slabs', { applicable: 0, passed: 0, failed: 0 }, 'fail'],
      ['No doors', { applicable: 1, passed: 0, failed: 1 }, 'fail'],
    ]);
  });

  it('counts again only the specifications an edit changed', () => {
    const checker = new LiveChecker(model());
    const before = ids(walls(nameIs('W01')), walls(nameIs('W02'), 'Second'));
    expect(checker.check(before).counted).toBe(2);
    // An edit of the second specification, and of the first's name and position only.
    const second = `<attribute><name>${sv('Name')}</name><value>${pattern('W0[12]')}</value></attribute>`;
    const after = ids('<!-- moved down a line -->', walls(nameIs('W01'), 'Renamed'), walls(second, 'Second'));
    const result = checker.check(after);
    expect(result.counted).toBe(1);
    expect(result.specifications.map((s) => s.counts)).toEqual([
      { applicable: 3, passed: 1, failed: 2 },
      { applicable: 3, passed: 2, failed: 1 },
    ]);
  });

  it('marks a specification it cannot evaluate and counts the others', () => {
    const bad = `<attribute><name>${sv('Name')}</name><value>${pattern('W[0-')}</value></attribute>`;
    const result = liveCheck(model(), ids(walls(bad, 'Bad'), walls(nameIs('W02'), 'Good')));
    expect(result.specifications.map((s) => [s.name, s.status, s.counts?.passed ?? null])).toEqual([
      ['Bad', 'unknown', null],
      ['Good', 'fail', 1],
    ]);
  });

  it('answers text that is not an IDS with readable: false', () => {
    expect(liveCheck(model(), '<ids').readable).toBe(false);
    expect(liveCheck(model(), '<other/>').readable).toBe(false);
  });
});

const examples = join(import.meta.dirname, '../../../../../shared/ids-examples');
const ifcPath = join(examples, 'IDS_wooden-windows_IFC.ifc');
const idsPath = join(examples, 'IDS_wooden-windows.ids');

describe.skipIf(!existsSync(ifcPath))('liveCheck on a real model', { timeout: 120_000 }, () => {
  it('gives the full check report’s counts for every specification', async () => {
    const text = readFileSync(idsPath, 'utf8');
    const m = await readIfcFile(ifcPath);
    try {
      const report = checkModel(m, parseIds(text));
      const live = liveCheck(m, text);
      expect(live.specifications.map((s) => s.counts)).toEqual(
        report.specifications.map((s) => ({
          applicable: s.applicableCount,
          passed: s.passedCount,
          failed: s.failedCount,
        })),
      );
      expect(live.specifications.map((s) => s.status)).toEqual(report.specifications.map((s) => s.status));
    } finally {
      m.dispose();
    }
  });
});
