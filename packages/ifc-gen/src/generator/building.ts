/**
 * Lays out the campus: buildings of storeys of structural bays (7.2 m × 6 m), each bay a room with
 * its walls, openings, slab, frame and services. Writes bay after bay until the byte budget is
 * spent, then closes the open storey and building.
 */
import type { GenContext } from './context';
import { EnvelopeWriter, type WallResult } from './envelope';
import { type BayFrame, InteriorWriter, type SystemMembers } from './interior';
import { real, str } from './step-writer';
import { type Catalogue, StoreyState } from './storey';
import type { TypeRecord } from './types';

export const BAY_WIDTH = 7.2;
export const BAY_DEPTH = 6;
const STOREY_HEIGHT = 3.6;

export interface CampusPlan {
  readonly storeysPerBuilding: number;
  readonly baysX: number;
  readonly baysY: number;
}

/** Roughly measured bytes per bay; only shapes the plan (the byte budget decides when to stop). */
const BYTES_PER_BAY = 16_500;

/** A believable massing for the size: a few storeys for small files, a campus of blocks for big ones. */
export function planCampus(targetBytes: number, storeys?: number): CampusPlan {
  const bays = Math.max(1, targetBytes / BYTES_PER_BAY);
  const storeysPerBuilding = storeys ?? Math.min(12, Math.max(2, Math.round(Math.cbrt(bays) * 1.2)));
  const baysPerStorey = Math.min(48, Math.max(2, Math.ceil(bays / storeysPerBuilding)));
  const baysX = Math.ceil(Math.sqrt(baysPerStorey * 1.5));
  const baysY = Math.max(1, Math.ceil(baysPerStorey / baysX));
  return { storeysPerBuilding, baysX, baysY };
}

export interface CampusResult {
  readonly buildings: number;
  readonly storeys: number;
  readonly bays: number;
}

export class CampusWriter {
  private readonly envelope: EnvelopeWriter;
  private readonly interior: InteriorWriter;
  private readonly buildingIds: number[] = [];
  private baySerial = 0;
  private storeyCount = 0;
  private windowSerial = 0;
  private doorSerial = 0;
  private internalWallSerial = 0;

  constructor(
    private readonly ctx: GenContext,
    private readonly cat: Catalogue,
    private readonly plan: CampusPlan,
    private readonly site: { readonly site: number; readonly placement: number },
  ) {
    this.envelope = new EnvelopeWriter(ctx, cat);
    this.interior = new InteriorWriter(ctx, cat);
  }

  /** Writes buildings until `isFull()` says the budget is spent. */
  async write(isFull: () => boolean): Promise<CampusResult> {
    const { ctx, plan } = this;
    for (let b = 0; ; b++) {
      const originX = b * (plan.baysX * BAY_WIDTH + 25);
      const placement = ctx.placement(this.site.placement, originX, 0, 0);
      const letter = String.fromCharCode(65 + (b % 26)) + (b >= 26 ? String(Math.floor(b / 26)) : '');
      const building = ctx.object(
        'IFCBUILDING',
        `${str(`Block ${letter}`)},$,$,#${placement},$,${str(`Block ${letter} - Offices`)},.ELEMENT.,${real(0)},${real(4.5)},$`,
      );
      this.buildingIds.push(building);
      ctx.occurrencePset(building, 'Pset_BuildingCommon', [
        { kind: 'single', name: 'BuildingID', value: { type: 'IFCIDENTIFIER', value: `RC-${letter}` } },
        {
          kind: 'single',
          name: 'NumberOfStoreys',
          value: { type: 'IFCINTEGER', value: plan.storeysPerBuilding },
        },
        { kind: 'single', name: 'IsLandmarked', value: { type: 'IFCBOOLEAN', value: false } },
      ]);
      const systems: SystemMembers = { ventilation: [], heating: [], lighting: [] };
      const storeys: number[] = [];
      let full = false;
      for (let level = 0; level < plan.storeysPerBuilding && !full; level++) {
        const storey = this.openStorey(placement, level);
        storeys.push(storey.id);
        for (let i = 0; i < plan.baysX * plan.baysY; i++) {
          this.writeBay(storey, i, level, b, systems);
          await ctx.writer.flushIfFull();
          if (isFull()) {
            full = true;
            break;
          }
        }
        storey.close(ctx);
      }
      this.closeBuilding(building, storeys, systems, letter);
      if (full) break;
    }
    ctx.relate('IFCRELAGGREGATES', this.site.site, this.buildingIds, true);
    return { buildings: this.buildingIds.length, storeys: this.storeyCount, bays: this.baySerial };
  }

  private openStorey(buildingPlacement: number, level: number): StoreyState {
    const { ctx } = this;
    const elevation = level * STOREY_HEIGHT;
    const placement = ctx.placement(buildingPlacement, 0, 0, elevation);
    const name = `Level ${String(level).padStart(2, '0')}`;
    const id = ctx.object(
      'IFCBUILDINGSTOREY',
      `${str(name)},$,$,#${placement},$,${str(level === 0 ? 'Ground floor' : `Floor ${level}`)},.ELEMENT.,${real(elevation)}`,
    );
    ctx.occurrencePset(id, 'Pset_BuildingStoreyCommon', [
      { kind: 'single', name: 'EntranceLevel', value: { type: 'IFCBOOLEAN', value: level === 0 } },
      { kind: 'single', name: 'AboveGround', value: { type: 'IFCLOGICAL', value: true } },
    ]);
    this.storeyCount++;
    return new StoreyState(id, placement, level, STOREY_HEIGHT);
  }

  private closeBuilding(building: number, storeys: number[], systems: SystemMembers, letter: string): void {
    const { ctx } = this;
    ctx.relate('IFCRELAGGREGATES', building, storeys, true);
    const system = (name: string, predefined: string, members: number[]) => {
      if (members.length === 0) return;
      const id = ctx.object(
        'IFCDISTRIBUTIONSYSTEM',
        `${str(`${name} ${letter}`)},$,$,${str(name)},.${predefined}.`,
      );
      ctx.rooted('IFCRELASSIGNSTOGROUP', `$,$,(#${members.join(',#')}),$,#${id}`);
      ctx.rooted('IFCRELSERVICESBUILDINGS', `$,$,#${id},(#${building})`);
    };
    system('Supply Air', 'VENTILATION', systems.ventilation);
    system('LTHW Heating Flow', 'HEATING', systems.heating);
    system('Lighting', 'LIGHTING', systems.lighting);
  }

  private writeBay(
    storey: StoreyState,
    indexInStorey: number,
    level: number,
    building: number,
    systems: SystemMembers,
  ): void {
    const { plan, interior } = this;
    const ix = indexInStorey % plan.baysX;
    const iy = Math.floor(indexInStorey / plan.baysX);
    const bay: BayFrame = {
      x: ix * BAY_WIDTH,
      y: iy * BAY_DEPTH,
      width: BAY_WIDTH,
      depth: BAY_DEPTH,
      serial: this.baySerial++,
      indexInStorey,
    };
    interior.slab(storey, bay);
    interior.frame(storey, bay, building % 2 === 1);
    const use = interior.space(storey, bay);
    interior.services(storey, bay, use, systems);
    interior.proxy(storey, bay);

    this.southWall(storey, bay, iy === 0, level === 0 && iy === 0 && ix % 3 === 1, (ix + iy) % 2 === 0);
    this.westWall(storey, bay, ix === 0);
    if (ix === plan.baysX - 1) this.externalWall(storey, bay.x + BAY_WIDTH, bay.y, BAY_DEPTH, true);
    if (iy === plan.baysY - 1 || indexInStorey + plan.baysX >= plan.baysX * plan.baysY) {
      this.externalWall(storey, bay.x, bay.y + BAY_DEPTH, BAY_WIDTH, false);
    }
  }

  private type(key: string): TypeRecord {
    return this.cat.types.get(key)!;
  }

  private windowType(preferred: string): TypeRecord {
    return this.ctx.defects.hits('windowLegacyGlazing', this.windowSerial++)
      ? this.type('window-legacy')
      : this.type(preferred);
  }

  private doorType(wallKey: string): TypeRecord {
    if (this.ctx.defects.hits('doorNarrow', this.doorSerial++)) return this.type('door-store');
    return this.type(wallKey === 'wall-core' ? 'door-fire' : 'door-single');
  }

  private internalWallType(): TypeRecord {
    const n = this.internalWallSerial++;
    return this.type(n % 9 === 4 ? 'wall-lining' : n % 4 === 0 ? 'wall-core' : 'wall-partition');
  }

  /** External wall with windows: two on a long (7.2 m) side, one on a short side. */
  private externalWall(storey: StoreyState, x: number, y: number, length: number, turned: boolean): void {
    const windows: [number, TypeRecord][] =
      length > 7
        ? [
            [0.9, this.windowType('window-std')],
            [3.9, this.windowType('window-wide')],
          ]
        : [[2.4, this.windowType('window-std')]];
    const openingArea = windows.reduce((sum, [, t]) => sum + t.spec.box[0] * t.spec.box[2], 0);
    const wall = this.envelope.wall(storey, {
      type: this.type('wall-ext'),
      x,
      y,
      length,
      turned,
      openingArea,
    });
    for (const [along, type] of windows) this.envelope.window(storey, wall, along, type);
  }

  private southWall(
    storey: StoreyState,
    bay: BayFrame,
    external: boolean,
    entrance: boolean,
    withDoor: boolean,
  ): void {
    if (external && !entrance) {
      this.externalWall(storey, bay.x, bay.y, BAY_WIDTH, false);
      return;
    }
    const type = external ? this.type('wall-ext') : this.internalWallType();
    const door = entrance ? this.type('door-double') : withDoor ? this.doorType(type.spec.key) : null;
    this.wallWithDoor(storey, type, bay.x, bay.y, BAY_WIDTH, false, door, entrance ? 2.7 : 0.6);
  }

  private westWall(storey: StoreyState, bay: BayFrame, external: boolean): void {
    if (external) {
      this.externalWall(storey, bay.x, bay.y, BAY_DEPTH, true);
      return;
    }
    const type = this.internalWallType();
    this.wallWithDoor(storey, type, bay.x, bay.y, BAY_DEPTH, true, this.doorType(type.spec.key), 4.2);
  }

  private wallWithDoor(
    storey: StoreyState,
    type: TypeRecord,
    x: number,
    y: number,
    length: number,
    turned: boolean,
    door: TypeRecord | null,
    along: number,
  ): void {
    const openingArea = door ? door.spec.box[0] * door.spec.box[2] : 0;
    const wall: WallResult = this.envelope.wall(storey, { type, x, y, length, turned, openingArea });
    if (door) this.envelope.door(storey, wall, along, door);
  }
}
