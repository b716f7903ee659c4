/**
 * Every sample model in ../shared/ifc-samples opens, with instance counts per class equal to
 * web-ifc's and sane element data. Skips (saying so) when ../shared is absent.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as WebIFC from 'web-ifc';
import { readIfc } from '../src/index';
import { sharedDir } from '../src/testing/step-fixture';

const shared = sharedDir();
const samplesDir = shared ? join(shared, 'ifc-samples') : null;
const samples = samplesDir ? readdirSync(samplesDir).filter((f) => f.endsWith('.ifc')) : [];
if (!samplesDir)
  console.warn('ifc samples: ../shared/ifc-samples is absent, skipping the sample-model tests');

const expectedSchema: Record<string, string> = {
  'AC20-FZK-Haus.ifc': 'IFC4',
  'Duplex_A_20110907.ifc': 'IFC2X3',
  'Office_A_20110811.ifc': 'IFC2X3',
  'SampleHouse4.ifc': 'IFC4',
  'wall_door_columnt_rgb4x3.ifc': 'IFC4X3_ADD2',
  'OpenRoads_test1_IFC4X3_RC4.ifc': 'IFC4X3_ADD2',
};

describe.skipIf(!samplesDir)('sample models', () => {
  const api = new WebIFC.IfcAPI();
  beforeAll(async () => {
    await api.Init();
  });
  afterAll(() => api.Dispose?.());

  it.each(samples)('%s opens with web-ifc’s instance counts and sane element data', (file) => {
    const bytes = new Uint8Array(readFileSync(join(samplesDir!, file)));
    const model = readIfc(bytes, { fileName: file });
    if (expectedSchema[file]) expect(model.schema).toBe(expectedSchema[file]);

    const webIfcModel = api.OpenModel(bytes);
    try {
      expect(model.instanceCount).toBe(api.GetAllLines(webIfcModel).size());
      const codes = WebIFC as unknown as Record<string, unknown>;
      for (const cls of [
        'IFCWALL',
        'IFCWALLSTANDARDCASE',
        'IFCDOOR',
        'IFCPROPERTYSET',
        'IFCRELDEFINESBYPROPERTIES',
      ]) {
        if (typeof codes[cls] !== 'number') continue;
        expect(model.idsOfClass(cls).length, cls).toBe(
          api.GetLineIDsWithType(webIfcModel, codes[cls] as number).size(),
        );
      }
    } finally {
      api.CloseModel(webIfcModel);
    }

    const products = [...model.products()];
    expect(products.length).toBeGreaterThan(0);
    let withStorey = 0;
    let withProperties = 0;
    for (const id of products) {
      expect(model.globalId(id), `GlobalId of #${id}`).toMatch(/^[0-9A-Za-z_$]{22}$/);
      if (model.storeyOf(id) !== null) withStorey++;
      if (model.propertySets(id).length > 0) withProperties++;
      model.materials(id);
      model.classifications(id);
      model.predefinedType(id);
      for (const [name, value] of model.attributes(id)) expect(value, name).toBeDefined();
    }
    const isBuilding = model.idsOfClass('IFCBUILDINGSTOREY').length > 0;
    if (isBuilding) {
      expect(withStorey / products.length).toBeGreaterThanOrEqual(0.5);
      expect(withProperties / products.length).toBeGreaterThan(0.3);
    }
    expect(model.units().find((u) => u.unitType === 'LENGTHUNIT')?.scale).toBeGreaterThan(0);
  });
});
