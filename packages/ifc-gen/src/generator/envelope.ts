/**
 * Walls with their openings, doors and windows. Openings void the wall (IfcRelVoidsElement) and
 * are filled by the door or window (IfcRelFillsElement); fillers are placed relative to the opening.
 */
import type { PropSpec } from './catalogue';
import type { GenContext } from './context';
import { writeExtraPropertySets } from './extra-psets';
import { real } from './step-writer';
import { type Catalogue, type StoreyState, writeElement } from './storey';
import type { TypeRecord } from './types';

const FIRE_RATING_BY_TYPE: Readonly<Record<string, string>> = {
  'wall-ext': 'REI90',
  'wall-partition': 'EI30',
  'wall-core': 'REI120',
  'wall-lining': 'EI60',
};
/** Values that do not follow EN 13501 notation, as found in real models. */
const INVALID_FIRE_RATINGS = ['60 min', 'EI 60', 'F90', 'REI-120', '1 hr'];

export interface WallResult {
  readonly id: number;
  readonly placement: number;
  readonly thickness: number;
}

export interface WallArgs {
  readonly type: TypeRecord;
  readonly x: number;
  readonly y: number;
  readonly length: number;
  /** Runs along +Y instead of +X. */
  readonly turned: boolean;
  /** Area of the openings it will get, for NetSideArea. */
  readonly openingArea: number;
}

export class EnvelopeWriter {
  private wallSerial = 0;
  private externalWallSerial = 0;
  private doorSerial = 0;
  private windowSerial = 0;

  constructor(
    private readonly ctx: GenContext,
    private readonly cat: Catalogue,
  ) {}

  wall(storey: StoreyState, args: WallArgs): WallResult {
    const { ctx } = this;
    const spec = args.type.spec;
    const thickness = spec.box[1];
    const height = storey.height;
    const placement = ctx.placement(storey.placement, args.x, args.y, 0, args.turned);
    const map = ctx.shapeMap(
      `wall:${spec.key}:${args.length}:${height}`,
      args.length,
      thickness,
      false,
      height,
      'z',
    );
    const id = writeElement(ctx, this.cat, storey, {
      entity: 'IFCWALL',
      type: args.type,
      placement,
      shape: ctx.mappedShape(map),
      tail: spec.predefinedType === 'USERDEFINED' ? '.USERDEFINED.' : `.${spec.predefinedType}.`,
      ...(spec.predefinedType === 'USERDEFINED' ? { objectType: spec.elementType ?? null } : {}),
    });

    const serial = this.wallSerial++;
    const props: PropSpec[] = [
      { kind: 'single', name: 'Reference', value: { type: 'IFCIDENTIFIER', value: spec.tag } },
    ];
    const fire = ctx.defects.either('wallFireRatingMissing', 'wallFireRatingInvalid', serial);
    if (fire === null) props.push(label('FireRating', FIRE_RATING_BY_TYPE[spec.key] ?? 'EI30'));
    if (fire === 'second')
      props.push(label('FireRating', INVALID_FIRE_RATINGS[serial % INVALID_FIRE_RATINGS.length]!));
    const demolish = ctx.defects.hits('wallStatusDemolish', serial);
    const status = demolish ? 'DEMOLISH' : serial % 10 === 3 ? 'EXISTING' : 'NEW';
    props.push({ kind: 'enum', name: 'Status', value: status, enumeration: 'PEnum_ElementStatus' });
    if (spec.key === 'wall-ext' && this.externalWallSerial++ % 12 === 5) {
      // Upgraded insulation on some external walls: the occurrence overrides the type's U-value.
      props.push({
        kind: 'single',
        name: 'ThermalTransmittance',
        value: { type: 'IFCTHERMALTRANSMITTANCEMEASURE', value: 0.18 },
      });
    }
    ctx.occurrencePset(id, 'Pset_WallCommon', props);
    writeExtraPropertySets(ctx, id, 'wall', serial, ctx.extraPropertySets);

    if (!ctx.defects.hits('wallQuantitiesMissing', serial)) {
      const gross = args.length * height;
      ctx.quantities(id, 'Qto_WallBaseQuantities', [
        ['IFCQUANTITYLENGTH', 'Length', args.length],
        ['IFCQUANTITYLENGTH', 'Width', thickness],
        ['IFCQUANTITYLENGTH', 'Height', height],
        ['IFCQUANTITYAREA', 'GrossFootprintArea', args.length * thickness],
        ['IFCQUANTITYAREA', 'GrossSideArea', gross],
        ['IFCQUANTITYAREA', 'NetSideArea', gross - args.openingArea],
        ['IFCQUANTITYVOLUME', 'GrossVolume', gross * thickness],
        ['IFCQUANTITYVOLUME', 'NetVolume', (gross - args.openingArea) * thickness],
      ]);
    }
    return { id, placement, thickness };
  }

  /** An opening in `wall` at `along` metres from its start, `sill` above the floor. */
  private opening(
    storey: StoreyState,
    wall: WallResult,
    along: number,
    width: number,
    height: number,
    sill: number,
  ) {
    const { ctx } = this;
    const placement = ctx.placement(wall.placement, along, 0, sill);
    const depth = wall.thickness + 0.02;
    const map = ctx.shapeMap(`opening:${width}:${height}:${depth}`, width, depth, false, height, 'z');
    const id = writeElement(ctx, this.cat, storey, {
      entity: 'IFCOPENINGELEMENT',
      type: null,
      placement,
      shape: ctx.mappedShape(map),
      tail: '.OPENING.',
      name: `Opening:${this.cat.nextElementNumber}`,
      objectType: 'Opening',
      contained: false,
    });
    ctx.rooted('IFCRELVOIDSELEMENT', `$,$,#${wall.id},#${id}`);
    return { id, placement };
  }

  door(storey: StoreyState, wall: WallResult, along: number, type: TypeRecord): number {
    const { ctx } = this;
    const width = type.spec.box[0];
    const height = type.spec.box[2];
    const opening = this.opening(storey, wall, along, width, height, 0);
    const placement = ctx.placement(opening.placement, 0, 0, 0);
    const map = ctx.shapeMap(`door:${type.spec.key}`, width, 0.06, false, height, 'z');
    const operation = type.spec.tail!.split(',')[0]!;
    const id = writeElement(ctx, this.cat, storey, {
      entity: 'IFCDOOR',
      type,
      placement,
      shape: ctx.mappedShape(map),
      tail: `${real(height)},${real(width)},.DOOR.,${operation},$`,
    });
    ctx.rooted('IFCRELFILLSELEMENT', `$,$,#${opening.id},#${id}`);

    const serial = this.doorSerial++;
    const reference = ctx.defects.hits('doorReferenceTooLong', serial)
      ? `${type.spec.tag}-TEMP-CHECK-WITH-ARCHITECT`
      : `${type.spec.tag}-${String(serial % 1000).padStart(3, '0')}`;
    const props: PropSpec[] = [
      { kind: 'single', name: 'Reference', value: { type: 'IFCIDENTIFIER', value: reference } },
      { kind: 'enum', name: 'Status', value: 'NEW', enumeration: 'PEnum_ElementStatus' },
    ];
    // A plain door upgraded to fire rated on the occurrence only: its type has no SelfClosing.
    if (type.spec.key === 'door-single' && ctx.defects.hits('doorFireRatedNoCloser', serial)) {
      props.push(label('FireRating', 'EI30'));
    }
    ctx.occurrencePset(id, 'Pset_DoorCommon', props);
    writeExtraPropertySets(ctx, id, 'door', serial, ctx.extraPropertySets);
    ctx.quantities(id, 'Qto_DoorBaseQuantities', [
      ['IFCQUANTITYLENGTH', 'Width', width],
      ['IFCQUANTITYLENGTH', 'Height', height],
      ['IFCQUANTITYAREA', 'Area', width * height],
    ]);
    return id;
  }

  window(storey: StoreyState, wall: WallResult, along: number, type: TypeRecord): number {
    const { ctx } = this;
    const width = type.spec.box[0];
    const height = type.spec.box[2];
    const opening = this.opening(storey, wall, along, width, height, 0.9);
    const placement = ctx.placement(opening.placement, 0, 0, 0);
    const map = ctx.shapeMap(`window:${type.spec.key}`, width, 0.1, false, height, 'z');
    const partitioning = type.spec.tail!.split(',')[0]!;
    const id = writeElement(ctx, this.cat, storey, {
      entity: 'IFCWINDOW',
      type,
      placement,
      shape: ctx.mappedShape(map),
      tail: `${real(height)},${real(width)},.WINDOW.,${partitioning},$`,
    });
    ctx.rooted('IFCRELFILLSELEMENT', `$,$,#${opening.id},#${id}`);
    const serial = this.windowSerial++;
    ctx.occurrencePset(id, 'Pset_WindowCommon', [
      {
        kind: 'single',
        name: 'Reference',
        value: { type: 'IFCIDENTIFIER', value: `${type.spec.tag}-${serial % 1000}` },
      },
      { kind: 'single', name: 'HasSillExternal', value: { type: 'IFCBOOLEAN', value: true } },
    ]);
    writeExtraPropertySets(ctx, id, 'window', serial, ctx.extraPropertySets);
    ctx.quantities(id, 'Qto_WindowBaseQuantities', [
      ['IFCQUANTITYLENGTH', 'Width', width],
      ['IFCQUANTITYLENGTH', 'Height', height],
      ['IFCQUANTITYAREA', 'Area', width * height],
    ]);
    return id;
  }
}

function label(name: string, value: string): PropSpec {
  return { kind: 'single', name, value: { type: 'IFCLABEL', value } };
}
