/**
 * Where an element sits, as cheaply as the model view can say it: the origin of its object
 * placement in world coordinates, in metres. The IfcLocalPlacement chain is composed (location,
 * Axis and RefDirection of each IfcAxis2Placement2D/3D), so an element keeps its position when an
 * exporter re-parents placements or writes another length unit. No geometry is read (a bounding-box
 * centre would need the representation's shape); a placement the chain cannot resolve (a grid
 * placement, a missing point) gives null.
 */
import type { IfcModel, StepValue } from '@plumbline/ifc/model';

/** A rigid transform: rotation columns x, y, z and the translation t. */
interface Frame {
  readonly x: readonly [number, number, number];
  readonly y: readonly [number, number, number];
  readonly z: readonly [number, number, number];
  readonly t: readonly [number, number, number];
}

const IDENTITY: Frame = { x: [1, 0, 0], y: [0, 1, 0], z: [0, 0, 1], t: [0, 0, 0] };

/** Placement chains deeper than this are refused (a cycle, or a hostile file). */
const MAX_DEPTH = 32;

function refOf(value: StepValue | undefined): number | null {
  return value?.kind === 'ref' ? value.id : null;
}

function numbers(value: StepValue | undefined): number[] | null {
  if (value?.kind !== 'list') return null;
  const out: number[] = [];
  for (const item of value.items) {
    const v = item.kind === 'typed' ? item.value : item;
    if (v.kind === 'real' || v.kind === 'integer') out.push(v.value);
    else return null;
  }
  return out;
}

function normalise(v: readonly number[]): [number, number, number] | null {
  const x = v[0] ?? 0;
  const y = v[1] ?? 0;
  const z = v[2] ?? 0;
  const length = Math.hypot(x, y, z);
  return length > 1e-12 ? [x / length, y / length, z / length] : null;
}

function cross(a: readonly number[], b: readonly number[]): [number, number, number] {
  return [
    (a[1] ?? 0) * (b[2] ?? 0) - (a[2] ?? 0) * (b[1] ?? 0),
    (a[2] ?? 0) * (b[0] ?? 0) - (a[0] ?? 0) * (b[2] ?? 0),
    (a[0] ?? 0) * (b[1] ?? 0) - (a[1] ?? 0) * (b[0] ?? 0),
  ];
}

/** `frame` applied to the point or direction `v` (with or without the translation). */
function apply(frame: Frame, v: readonly number[], translate: boolean): [number, number, number] {
  const [a, b, c] = [v[0] ?? 0, v[1] ?? 0, v[2] ?? 0];
  const { x, y, z, t } = frame;
  const k = translate ? 1 : 0;
  return [
    x[0] * a + y[0] * b + z[0] * c + k * t[0],
    x[1] * a + y[1] * b + z[1] * c + k * t[1],
    x[2] * a + y[2] * b + z[2] * c + k * t[2],
  ];
}

/** World origins of object placements, with the frames of shared parent placements cached. */
export class PlacementOrigins {
  private readonly frames = new Map<number, Frame | null>();
  /** Directions by id: a handful (the axes) are shared by most placements. */
  private readonly directions = new Map<number, [number, number, number] | null>();
  private readonly metres: number;

  constructor(private readonly model: IfcModel) {
    this.metres = model.toSI(1, 'IFCLENGTHMEASURE');
  }

  /** The world origin of the element's ObjectPlacement in metres, or null. */
  originOf(id: number): [number, number, number] | null {
    const placement = refOf(this.model.attribute(id, 'ObjectPlacement'));
    if (placement === null || this.model.classOf(placement) !== 'IFCLOCALPLACEMENT') return null;
    // The element's own placement is not cached (only parents are shared), and only its location
    // matters: its own axes turn nothing of the origin.
    const parentRef = refOf(this.model.attribute(placement, 'PlacementRelTo'));
    const parent = parentRef === null ? IDENTITY : this.frameOf(parentRef, 1, true);
    const location = parent && this.locationOf(refOf(this.model.attribute(placement, 'RelativePlacement')));
    if (!parent || !location) return null;
    const t = apply(parent, location, true);
    const m = this.metres;
    return [t[0] * m, t[1] * m, t[2] * m];
  }

  /** The Location of an IfcAxis2Placement3D or 2D, in its parent's coordinates. */
  private locationOf(axis: number | null): number[] | null {
    if (axis === null) return null;
    const cls = this.model.classOf(axis);
    if (cls !== 'IFCAXIS2PLACEMENT3D' && cls !== 'IFCAXIS2PLACEMENT2D') return null;
    const point = refOf(this.model.attribute(axis, 'Location'));
    return point === null ? null : numbers(this.model.attribute(point, 'Coordinates'));
  }

  private frameOf(placement: number, depth: number, cache: boolean): Frame | null {
    if (cache) {
      const known = this.frames.get(placement);
      if (known !== undefined) return known;
    }
    const frame = depth > MAX_DEPTH ? null : this.computeFrame(placement, depth);
    if (cache) this.frames.set(placement, frame);
    return frame;
  }

  private computeFrame(placement: number, depth: number): Frame | null {
    if (this.model.classOf(placement) !== 'IFCLOCALPLACEMENT') return null;
    const parentRef = refOf(this.model.attribute(placement, 'PlacementRelTo'));
    const parent = parentRef === null ? IDENTITY : this.frameOf(parentRef, depth + 1, true);
    if (!parent) return null;
    const local = this.axisPlacement(refOf(this.model.attribute(placement, 'RelativePlacement')));
    if (!local) return null;
    return {
      x: apply(parent, local.x, false),
      y: apply(parent, local.y, false),
      z: apply(parent, local.z, false),
      t: apply(parent, local.t, true),
    };
  }

  /** An IfcAxis2Placement3D or 2D as a frame in its parent's coordinates. */
  private axisPlacement(id: number | null): Frame | null {
    if (id === null) return null;
    const cls = this.model.classOf(id);
    if (cls !== 'IFCAXIS2PLACEMENT3D' && cls !== 'IFCAXIS2PLACEMENT2D') return null;
    const location = refOf(this.model.attribute(id, 'Location'));
    const t = location === null ? null : numbers(this.model.attribute(location, 'Coordinates'));
    if (!t) return null;
    const origin: [number, number, number] = [t[0] ?? 0, t[1] ?? 0, t[2] ?? 0];
    const z: [number, number, number] =
      cls === 'IFCAXIS2PLACEMENT3D'
        ? (this.direction(this.model.attribute(id, 'Axis')) ?? [0, 0, 1])
        : [0, 0, 1];
    const ref: [number, number, number] = this.direction(this.model.attribute(id, 'RefDirection')) ?? [
      1, 0, 0,
    ];
    // RefDirection projected onto the plane normal to Axis (IFC's "P[1]").
    const dot = ref[0] * z[0] + ref[1] * z[1] + ref[2] * z[2];
    const x = normalise([ref[0] - dot * z[0], ref[1] - dot * z[1], ref[2] - dot * z[2]]) ?? [1, 0, 0];
    const y = cross(z, x);
    return { x, y, z, t: origin };
  }

  private direction(value: StepValue | undefined): [number, number, number] | null {
    const id = refOf(value);
    if (id === null) return null;
    const known = this.directions.get(id);
    if (known !== undefined) return known;
    const ratios = numbers(this.model.attribute(id, 'DirectionRatios'));
    const direction = ratios ? normalise(ratios) : null;
    if (this.directions.size < 100_000) this.directions.set(id, direction);
    return direction;
  }
}
