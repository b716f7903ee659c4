/**
 * Project rules beyond IDS: the rules file (`*.rules.json`, JSON Schema `rules-schema.json`) as it
 * is checked. Facets are IDS's (entity, attribute, property, classification, material, part of);
 * expressions combine them with all / any / not; a requirement is a facet expression, a uniqueness
 * within a scope, a count of related elements or a comparison of two values on one element.
 */

/** A value to match: a literal, or a restriction. Strings compare exactly, numbers within 1e-6 (relative). */
export type ValueSpec =
  | string
  | number
  | boolean
  | { readonly pattern: string }
  | { readonly enum: readonly (string | number | boolean)[] }
  | { readonly min?: number; readonly max?: number };

export type Facet =
  | { readonly entity: string; readonly predefinedType?: ValueSpec }
  | { readonly attribute: string; readonly value?: ValueSpec }
  | { readonly property: string; readonly propertySet: string; readonly value?: ValueSpec }
  | { readonly quantity: string; readonly quantitySet: string; readonly value?: ValueSpec }
  | { readonly classification: { readonly system?: ValueSpec; readonly value?: ValueSpec } }
  | { readonly material: ValueSpec | true }
  | { readonly partOf: string; readonly relation?: PartOfRelation };

export type PartOfRelation =
  | 'IFCRELAGGREGATES'
  | 'IFCRELASSIGNSTOGROUP'
  | 'IFCRELCONTAINEDINSPATIALSTRUCTURE'
  | 'IFCRELNESTS'
  | 'IFCRELVOIDSELEMENT'
  | 'IFCRELFILLSELEMENT';

export type Expr =
  | Facet
  | { readonly all: readonly Expr[] }
  | { readonly any: readonly Expr[] }
  | { readonly not: Expr };

/** A value read from one element: an attribute, a property or a quantity. */
export type ValueRef =
  | { readonly attribute: string }
  | { readonly property: string; readonly propertySet: string }
  | { readonly quantity: string; readonly quantitySet: string };

export type Scope = 'project' | 'storey' | 'type';
export type ChildRelation = 'aggregates' | 'contains' | 'nests' | 'children';
export type CompareOp = '<' | '<=' | '=' | '!=' | '>=' | '>';

export type Requirement =
  | { readonly satisfies: Expr }
  | { readonly unique: ValueRef; readonly within: Scope }
  | {
      readonly count: Expr;
      readonly relation: ChildRelation;
      readonly atLeast?: number;
      readonly atMost?: number;
    }
  | {
      readonly compare: ValueRef;
      readonly op: CompareOp;
      readonly to: ValueRef | number;
      /** Absolute tolerance, in SI units for measures (default 0). */
      readonly tolerance?: number;
    };

export interface ProjectRule {
  readonly id: string;
  readonly name: string;
  readonly description?: string;
  readonly severity: 'error' | 'warning';
  readonly appliesTo: Expr;
  readonly require: Requirement;
}

export interface RulesDocument {
  readonly version: 1;
  readonly title?: string;
  readonly rules: readonly ProjectRule[];
}
