/**
 * Everything in a bay besides the envelope: floor slab, column, beams, the room (IfcSpace), and
 * building services (air terminal, duct, heating pipe, light fixtures, WCs), plus the occasional
 * placeholder proxy left in early versions.
 */
import { ROOM_USES } from './catalogue';
import type { GenContext } from './context';
import { str } from './step-writer';
import { type Catalogue, type StoreyState, writeElement } from './storey';
import type { TypeRecord } from './types';

export interface BayFrame {
  readonly x: number;
  readonly y: number;
  readonly width: number; // along X
  readonly depth: number; // along Y
  /** Global bay serial, for room numbering and defect selection. */
  readonly serial: number;
  readonly indexInStorey: number;
}

/** Members collected per building for IfcRelAssignsToGroup. */
export interface SystemMembers {
  readonly ventilation: number[];
  readonly heating: number[];
  readonly lighting: number[];
}

export class InteriorWriter {
  private spaceSerial = 0;
  private columnSerial = 0;
  private ductSerial = 0;
  private proxySerial = 0;

  constructor(
    private readonly ctx: GenContext,
    private readonly cat: Catalogue,
  ) {}

  private type(key: string): TypeRecord {
    return this.cat.types.get(key)!;
  }

  slab(storey: StoreyState, bay: BayFrame): void {
    const { ctx } = this;
    const type = this.type('slab-floor');
    const thickness = 0.25;
    const placement = ctx.placement(storey.placement, bay.x, bay.y, -thickness);
    const map = ctx.shapeMap(`slab:${bay.width}:${bay.depth}`, bay.width, bay.depth, false, thickness, 'z');
    const id = writeElement(ctx, this.cat, storey, {
      entity: 'IFCSLAB',
      type,
      placement,
      shape: ctx.mappedShape(map),
      tail: '.FLOOR.',
    });
    const area = bay.width * bay.depth;
    ctx.quantities(id, 'Qto_SlabBaseQuantities', [
      ['IFCQUANTITYLENGTH', 'Width', thickness],
      ['IFCQUANTITYLENGTH', 'Perimeter', 2 * (bay.width + bay.depth)],
      ['IFCQUANTITYAREA', 'GrossArea', area],
      ['IFCQUANTITYAREA', 'NetArea', area],
      ['IFCQUANTITYVOLUME', 'GrossVolume', area * thickness],
      ['IFCQUANTITYVOLUME', 'NetVolume', area * thickness],
    ]);
  }

  /** Column at the bay corner and two beams along its south and west edges. */
  frame(storey: StoreyState, bay: BayFrame, steel: boolean): void {
    const { ctx } = this;
    const serial = this.columnSerial++;
    const columnType = ctx.defects.hits('columnMaterialMissing', serial)
      ? this.type('column-generic')
      : this.type(steel ? 'column-steel' : 'column-concrete');
    const height = storey.height;
    const section = columnType.spec.box;
    const colMap = ctx.shapeMap(
      `column:${columnType.spec.key}:${height}`,
      section[0],
      section[1],
      true,
      height,
      'z',
    );
    const column = writeElement(ctx, this.cat, storey, {
      entity: 'IFCCOLUMN',
      type: columnType,
      placement: ctx.placement(storey.placement, bay.x, bay.y, 0),
      shape: ctx.mappedShape(colMap),
      tail: '.COLUMN.',
    });
    ctx.occurrencePset(column, 'Pset_ColumnCommon', [
      { kind: 'single', name: 'FireRating', value: { type: 'IFCLABEL', value: 'R90' } },
    ]);
    ctx.quantities(column, 'Qto_ColumnBaseQuantities', [
      ['IFCQUANTITYLENGTH', 'Length', height],
      ['IFCQUANTITYAREA', 'CrossSectionArea', section[0] * section[1]],
      ['IFCQUANTITYVOLUME', 'GrossVolume', section[0] * section[1] * height],
    ]);

    const beamType = this.type(steel ? 'beam-steel' : 'beam-concrete');
    const depth = steel ? 0.406 : 0.6;
    for (const [length, turned] of [
      [bay.width, false],
      [bay.depth, true],
    ] as const) {
      const map = ctx.shapeMap(
        `beam:${beamType.spec.key}:${length}`,
        beamType.spec.box[0],
        depth,
        true,
        length,
        'x',
      );
      const beam = writeElement(ctx, this.cat, storey, {
        entity: 'IFCBEAM',
        type: beamType,
        placement: ctx.placement(storey.placement, bay.x, bay.y, height - depth / 2, turned),
        shape: ctx.mappedShape(map),
        tail: '.BEAM.',
      });
      ctx.occurrencePset(beam, 'Pset_BeamCommon', [
        { kind: 'single', name: 'Span', value: { type: 'IFCPOSITIVELENGTHMEASURE', value: length } },
        { kind: 'single', name: 'FireRating', value: { type: 'IFCLABEL', value: 'R60' } },
      ]);
      ctx.quantities(beam, 'Qto_BeamBaseQuantities', [
        ['IFCQUANTITYLENGTH', 'Length', length],
        ['IFCQUANTITYVOLUME', 'GrossVolume', length * beamType.spec.box[0] * depth],
      ]);
    }
  }

  /** The room of the bay; returns its use so services can follow it. */
  space(storey: StoreyState, bay: BayFrame): (typeof ROOM_USES)[number] {
    const { ctx } = this;
    const serial = this.spaceSerial++;
    const use = ROOM_USES[bay.serial % ROOM_USES.length]!;
    const width = bay.width - 0.2;
    const depth = bay.depth - 0.2;
    const height = storey.height - 0.6;
    const placement = ctx.placement(storey.placement, bay.x + 0.1, bay.y + 0.1, 0);
    const map = ctx.shapeMap(`space:${width}:${depth}:${height}`, width, depth, false, height, 'z');
    const name = `${String(storey.number).padStart(2, '0')}.${String(bay.indexInStorey + 1).padStart(3, '0')}`;
    const longName = ctx.defects.hits('spaceLongNameMissing', serial) ? '$' : str(use.longName);
    const id = ctx.object(
      'IFCSPACE',
      `${str(name)},$,$,#${placement},#${ctx.mappedShape(map)},${longName},.ELEMENT.,.INTERNAL.,$`,
    );
    storey.spaces.push(id);
    this.cat.stats.set('IFCSPACE', (this.cat.stats.get('IFCSPACE') ?? 0) + 1);
    const area = width * depth;
    ctx.occurrencePset(id, 'Pset_SpaceCommon', [
      { kind: 'single', name: 'Reference', value: { type: 'IFCIDENTIFIER', value: use.reference } },
      { kind: 'single', name: 'IsExternal', value: { type: 'IFCBOOLEAN', value: false } },
      {
        kind: 'single',
        name: 'GrossPlannedArea',
        value: { type: 'IFCAREAMEASURE', value: bay.width * bay.depth },
      },
      { kind: 'single', name: 'NetPlannedArea', value: { type: 'IFCAREAMEASURE', value: area } },
      {
        kind: 'single',
        name: 'PubliclyAccessible',
        value: { type: 'IFCBOOLEAN', value: use.reference === 'CIR' },
      },
      { kind: 'single', name: 'HandicapAccessible', value: { type: 'IFCBOOLEAN', value: true } },
    ]);
    if (!ctx.defects.hits('spaceQuantitiesMissing', serial)) {
      ctx.quantities(id, 'Qto_SpaceBaseQuantities', [
        ['IFCQUANTITYLENGTH', 'Height', height],
        ['IFCQUANTITYAREA', 'GrossFloorArea', bay.width * bay.depth],
        ['IFCQUANTITYAREA', 'NetFloorArea', area],
        ['IFCQUANTITYVOLUME', 'GrossVolume', bay.width * bay.depth * storey.height],
        ['IFCQUANTITYVOLUME', 'NetVolume', area * height],
      ]);
    }
    storey.addClassification(ctx, this.cat.spaceReferences.get(use.code)!, id);
    return use;
  }

  services(
    storey: StoreyState,
    bay: BayFrame,
    use: (typeof ROOM_USES)[number],
    systems: SystemMembers,
  ): void {
    const { ctx } = this;
    const ceiling = storey.height - 0.6;
    const cx = bay.x + bay.width / 2;
    const cy = bay.y + bay.depth / 2;
    const terminal = this.at(storey, 'air-terminal', cx, cy, ceiling);
    const airTerminal = writeElement(ctx, this.cat, storey, {
      entity: 'IFCAIRTERMINAL',
      ...terminal,
      tail: '.DIFFUSER.',
    });
    ctx.occurrencePset(airTerminal, 'Pset_AirTerminalOccurrence', [
      {
        kind: 'single',
        name: 'AirFlowRate',
        value: { type: 'IFCVOLUMETRICFLOWRATEMEASURE', value: use.reference === 'MTG' ? 0.11 : 0.06 },
      },
    ]);
    systems.ventilation.push(airTerminal);

    const ductMap = ctx.shapeMap(`duct:${bay.width}`, 0.4, 0.25, true, bay.width, 'x');
    const duct = writeElement(ctx, this.cat, storey, {
      entity: 'IFCDUCTSEGMENT',
      type: this.type('duct'),
      placement: ctx.placement(storey.placement, bay.x, cy, ceiling + 0.3),
      shape: ctx.mappedShape(ductMap),
      tail: '.RIGIDSEGMENT.',
    });
    ctx.quantities(duct, 'Qto_DuctSegmentBaseQuantities', [['IFCQUANTITYLENGTH', 'Length', bay.width]]);
    if (!ctx.defects.hits('ductNotInSystem', this.ductSerial++)) systems.ventilation.push(duct);

    const pipeMap = ctx.shapeMap(`pipe:${bay.depth}`, 0.022, 0.022, true, bay.depth, 'x');
    const pipe = writeElement(ctx, this.cat, storey, {
      entity: 'IFCPIPESEGMENT',
      type: this.type('pipe'),
      placement: ctx.placement(storey.placement, bay.x + 0.3, bay.y, 0.15, true),
      shape: ctx.mappedShape(pipeMap),
      tail: '.RIGIDSEGMENT.',
    });
    ctx.quantities(pipe, 'Qto_PipeSegmentBaseQuantities', [['IFCQUANTITYLENGTH', 'Length', bay.depth]]);
    systems.heating.push(pipe);

    for (const fx of [0.25, 0.75]) {
      const light = this.at(storey, 'light', bay.x + bay.width * fx, cy, ceiling);
      systems.lighting.push(
        writeElement(ctx, this.cat, storey, { entity: 'IFCLIGHTFIXTURE', ...light, tail: '.POINTSOURCE.' }),
      );
    }
    if (use.reference === 'WC') {
      for (const fx of [0.2, 0.5, 0.8]) {
        const wc = this.at(storey, 'wc', bay.x + bay.width * fx, bay.y + bay.depth - 0.5, 0.4);
        writeElement(ctx, this.cat, storey, { entity: 'IFCSANITARYTERMINAL', ...wc, tail: '.TOILETPAN.' });
      }
    }
  }

  /** A serviced fitting of a catalogue type at a point: type, placement and mapped shape. */
  private at(storey: StoreyState, key: string, x: number, y: number, z: number) {
    const { ctx } = this;
    const type = this.type(key);
    const [bx, by, bz] = type.spec.box;
    const map = ctx.shapeMap(`svc:${key}`, bx, by, true, bz, 'z');
    return { type, placement: ctx.placement(storey.placement, x, y, z), shape: ctx.mappedShape(map) };
  }

  /** A leftover placeholder (IfcBuildingElementProxy) in some bays of early versions. */
  proxy(storey: StoreyState, bay: BayFrame): void {
    const { ctx } = this;
    const serial = this.proxySerial++;
    if (!ctx.defects.hits('placeholderProxy', serial)) return;
    const map = ctx.shapeMap('proxy', 1, 1, true, 1, 'z');
    const id = writeElement(ctx, this.cat, storey, {
      entity: 'IFCBUILDINGELEMENTPROXY',
      type: null,
      placement: ctx.placement(storey.placement, bay.x + 1, bay.y + 1, 0),
      shape: ctx.mappedShape(map),
      tail: '.NOTDEFINED.',
      name: `Generic Models:Placeholder:${900000 + serial}`,
      objectType: 'Generic Models:Placeholder',
      extra: true,
    });
    ctx.occurrencePset(id, 'Pset_BuildingElementProxyCommon', [
      { kind: 'single', name: 'Reference', value: { type: 'IFCIDENTIFIER', value: 'TBC' } },
    ]);
  }
}
