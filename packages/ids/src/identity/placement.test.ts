import { describe, expect, it } from 'vitest';
import { FakeModel, step } from '../testing/fake-model';
import { PlacementOrigins } from './placement';

/** A model with a storey placement rotated 90° about z at (10, 0, 3) and a wall placed in it. */
function rotatedStorey(unitScale = 1) {
  const model = new FakeModel();
  if (unitScale !== 1)
    model.unitList = [{ unitType: 'LENGTHUNIT', name: 'MILLIMETRE', scale: unitScale, offset: 0, id: 1 }];
  const point = (...c: number[]) =>
    model.add('IFCCARTESIANPOINT', { attributes: { Coordinates: step.list(...c.map(step.real)) } });
  const direction = (...c: number[]) =>
    model.add('IFCDIRECTION', { attributes: { DirectionRatios: step.list(...c.map(step.real)) } });
  const axis = (location: number, z: number | null, x: number | null) =>
    model.add('IFCAXIS2PLACEMENT3D', {
      attributes: {
        Location: step.ref(location),
        Axis: z === null ? step.null : step.ref(z),
        RefDirection: x === null ? step.null : step.ref(x),
      },
    });
  const storeyAxis = axis(point(10, 0, 3), direction(0, 0, 1), direction(0, 1, 0));
  const storeyPlacement = model.add('IFCLOCALPLACEMENT', {
    attributes: { PlacementRelTo: step.null, RelativePlacement: step.ref(storeyAxis) },
  });
  const wallPlacement = model.add('IFCLOCALPLACEMENT', {
    attributes: {
      PlacementRelTo: step.ref(storeyPlacement),
      RelativePlacement: step.ref(axis(point(2, 0, 0), null, null)),
    },
  });
  const wall = model.add('IFCWALL', { attributes: { ObjectPlacement: step.ref(wallPlacement) } });
  return { model, wall };
}

describe('placement origins', () => {
  it('composes the placement chain with its rotations', () => {
    const { model, wall } = rotatedStorey();
    // (2, 0, 0) in a frame whose x axis points along world y: world (10, 2, 3).
    const origin = new PlacementOrigins(model).originOf(wall);
    expect(origin?.map((v) => Math.round(v * 1e9) / 1e9)).toEqual([10, 2, 3]);
  });

  it('gives metres whatever the file’s length unit', () => {
    const { model, wall } = rotatedStorey(0.001);
    expect(new PlacementOrigins(model).originOf(wall)?.map((v) => Math.round(v * 1e9) / 1e9)).toEqual([
      0.01, 0.002, 0.003,
    ]);
  });

  it('answers null for an element without a placement or with one it cannot resolve', () => {
    const model = new FakeModel();
    const grid = model.add('IFCGRIDPLACEMENT');
    const wall = model.add('IFCWALL', { attributes: { ObjectPlacement: step.ref(grid) } });
    const bare = model.add('IFCWALL');
    const origins = new PlacementOrigins(model);
    expect(origins.originOf(wall)).toBeNull();
    expect(origins.originOf(bare)).toBeNull();
  });
});
