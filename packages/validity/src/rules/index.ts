/** Every implemented normative rule, in the order reports list them. */
import type { Rule } from '../rule';
import { GEM111, GEM112, GEM113 } from './gem-curves';
import { GEM002, GEM003, GEM004, GEM005, GEM011, GEM051, GEM052 } from './gem-representations';
import { GEM001 } from './gem-shells';
import { IFC105, IFC106 } from './ifc-resources';
import { IFC101, IFC102 } from './ifc-schema';
import { MPD001, SWE002 } from './mapped-profiles';
import { PJS001, PJS002, PJS003, PJS101 } from './pjs';
import { PSE001, PSE002, QTY001 } from './pse';
import { BLT001, BLT002, BLT003, GRP001, OJP001, OJT001 } from './relations';
import { SPS001, SPS002, SPS003, SPS004, SPS005, SPS006, SPS007, SPS008 } from './sps';

export const RULES: readonly Rule[] = [
  IFC101,
  IFC102,
  IFC105,
  IFC106,
  PJS001,
  PJS002,
  PJS003,
  PJS101,
  SPS001,
  SPS002,
  SPS003,
  SPS004,
  SPS005,
  SPS006,
  SPS007,
  SPS008,
  GRP001,
  OJT001,
  OJP001,
  PSE001,
  PSE002,
  QTY001,
  BLT001,
  BLT002,
  BLT003,
  GEM001,
  GEM002,
  GEM003,
  GEM004,
  GEM005,
  GEM011,
  GEM051,
  GEM052,
  GEM111,
  GEM112,
  GEM113,
  MPD001,
  SWE002,
];

export const RULE_IDS: readonly string[] = RULES.map((r) => r.id);
