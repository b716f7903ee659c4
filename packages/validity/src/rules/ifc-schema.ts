/** IFC101 (official schema identifier) and IFC102 (no deprecated entities, attributes or values). */
import type { Rule } from '../rule';
import type { View } from '../view';
import { predefinedTypeOf, productPass } from './product-pass';
import { propertySetNames } from './pse';

export const IFC101: Rule = {
  id: 'IFC101',
  severity: 'error',
  check(view, out) {
    out.activate(); // 'Given An IFC model'
    const official = ['ifc2x3', 'ifc4', 'ifc4x3_add2'];
    if (!official.includes(view.header.schemaIdentifier.toLowerCase())) {
      out.add(null, 'validity.IFC101.schema', { schema: view.header.schemaIdentifier });
    }
  },
};

type SchemaName = View['schemaName'];

/** Entities that must not be instantiated (exact class), per schema. */
const DEPRECATED_ENTITIES: Record<SchemaName, readonly string[]> = {
  IFC4X3: [
    'IfcBuildingSystem',
    'IfcCivilElement',
    'IfcCivilElementType',
    'IfcDoorLiningProperties',
    'IfcDoorPanelProperties',
    'IfcElectricDistributionBoard',
    'IfcElectricDistributionBoardType',
    'IfcFaceBasedSurfaceModel',
    'IfcMaterialClassificationRelationship',
    'IfcMaterialList',
    'IfcPermeableCoveringProperties',
    'IfcPostalAddress',
    'IfcRelConnectsPortToElement',
    'IfcRelCoversBldgElements',
    'IfcRelServicesBuildings',
    'IfcRelCoversSpaces',
    'IfcTelecomAddress',
    'IfcTextLiteral',
    'IfcTrapeziumProfileDef',
    'IfcWallStandardCase',
    'IfcWindowLiningProperties',
    'IfcWindowPanelProperties',
    'IfcWindowStandardCase',
  ],
  IFC4: [
    'Ifc2DCompositeCurve',
    'IfcBeamStandardCase',
    'IfcConnectionPortGeometry',
    'IfcColumnStandardCase',
    'IfcDoorStandardCase',
    'IfcDoorStyle',
    'IfcElectricalElement',
    'IfcEquipmentElement',
    'IfcFaceBasedSurfaceModel',
    'IfcMaterialClassificationRelationship',
    'IfcMaterialList',
    'IfcMemberStandardCase',
    'IfcNullStyle',
    'IfcOpeningStandardCase',
    'IfcPlateStandardCase',
    'IfcPresentationStyleAssignment',
    'IfcProxy',
    'IfcRelCoversBldgElements',
    'IfcRelCoversSpaces',
    'IfcSlabElementedCase',
    'IfcSlabStandardCase',
    'IfcTextLiteral',
    'IfcWallElementedCase',
    'IfcWallStandardCase',
    'IfcWindowStandardCase',
    'IfcWindowStyle',
  ],
  IFC2X3: [
    'Ifc2DCompositeCurve',
    'IfcConnectionPortGeometry',
    'IfcElectricalElement',
    'IfcEquipmentElement',
    'IfcTextLiteral',
  ],
};

/** Attributes that must be empty on the entity and its subtypes, per schema. */
const DEPRECATED_ATTRIBUTES: Record<SchemaName, readonly (readonly [string, string])[]> = {
  IFC4X3: [
    ['IfcBuilding', 'BuildingAddress'],
    ['IfcBuilding', 'ElevationOfRefHeight'],
    ['IfcBuilding', 'ElevationOfTerrain'],
    ['IfcBuildingStorey', 'Elevation'],
    ['IfcFillAreaStyleHatching', 'PointOfReferenceHatchLine'],
    ['IfcOrganization', 'Addresses'],
    ['IfcPerson', 'Addresses'],
    ['IfcPile', 'ConstructionType'],
    ['IfcReinforcingElement', 'SteelGrade'],
    ['IfcRelAssigns', 'RelatedObjectsType'],
    ['IfcSite', 'LandTitleNumber'],
    ['IfcSite', 'SiteAddress'],
    ['IfcStairFlight', 'NumberOfRisers'],
    ['IfcStairFlight', 'NumberOfTreads'],
    ['IfcStairFlight', 'RiserHeight'],
    ['IfcStairFlight', 'TreadLength'],
    ['IfcSurfaceStyleRendering', 'DiffuseTransmissionColour'],
    ['IfcSurfaceStyleRendering', 'ReflectionColour'],
    ['IfcSurfaceStyleRendering', 'TransmissionColour'],
    ['IfcSurfaceTexture', 'Parameter'],
    ['IfcTendon', 'NominalDiameter'],
    ['IfcTendon', 'CrossSectionArea'],
    ['IfcTextureCoordinateGenerator', 'Parameter'],
  ],
  IFC4: [
    ['IfcDoorLiningProperties', 'ShapeAspectStyle'],
    ['IfcDoorPanelProperties', 'ShapeAspectStyle'],
    ['IfcFillAreaStyleHatching', 'PointOfReferenceHatchLine'],
    ['IfcReinforcingElement', 'SteelGrade'],
    ['IfcRelAssignsToActor', 'RelatedObjectsType'],
    ['IfcRelAssignsToControl', 'RelatedObjectsType'],
    ['IfcRelAssignsToGroup', 'RelatedObjectsType'],
    ['IfcRelAssignsToGroupByFactor', 'RelatedObjectsType'],
    ['IfcRelAssignsToProcess', 'RelatedObjectsType'],
    ['IfcRelAssignsToProduct', 'RelatedObjectsType'],
    ['IfcRelAssignsToResource', 'RelatedObjectsType'],
    ['IfcStairFlight', 'NumberOfRisers'],
    ['IfcStairFlight', 'NumberOfTreads'],
    ['IfcStairFlight', 'RiserHeight'],
    ['IfcStairFlight', 'TreadLength'],
    ['IfcWindowPanelProperties', 'ShapeAspectStyle'],
    ['IfcWindowLiningProperties', 'ShapeAspectStyle'],
    ['IfcTendon', 'SteelGrade'],
    ['IfcTendon', 'NominalDiameter'],
    ['IfcTendon', 'CrossSectionArea'],
    ['IfcTendon', 'TensionForce'],
    ['IfcTendon', 'PreStress'],
    ['IfcTendon', 'FrictionCoefficient'],
    ['IfcTendon', 'AnchorageSlip'],
    ['IfcTendon', 'MinCurvatureRadius'],
    ['IfcTendonAnchor', 'SteelGrade'],
    ['IfcTendonType', 'NominalDiameter'],
    ['IfcTendonType', 'CrossSectionArea'],
    ['IfcTendonType', 'SheathDiameter'],
  ],
  IFC2X3: [['IfcFillAreaStyleHatching', 'PointOfReferenceHatchLine']],
};

/** Enumeration values an attribute must not hold, on the entity and its subtypes, per schema. */
const DEPRECATED_VALUES: Record<SchemaName, readonly (readonly [string, string, readonly string[]])[]> = {
  IFC4X3: [
    ['IfcBuildingElementProxy', 'PredefinedType', ['PROVISIONFORSPACE']],
    ['IfcBuildingElementProxy', 'PredefinedType', ['PROVISIONFORVOID']],
    ['IfcFireSuppressionTerminal', 'PredefinedType', ['SPRINKLERDEFLECTOR']],
    ['IfcFireSuppressionTerminalType', 'PredefinedType', ['SPRINKLERDEFLECTOR']],
    ['IfcCableCarrierFitting', 'PredefinedType', ['TEE', 'CROSS', 'REDUCER']],
    ['IfcCableCarrierFittingType', 'PredefinedType', ['TEE', 'CROSS', 'REDUCER']],
    ['IfcGeographicElement', 'PredefinedType', ['SOIL_BORING_POINT']],
    ['IfcGeographicElementType', 'PredefinedType', ['SOIL_BORING_POINT']],
    ['IfcSpace', 'PredefinedType', ['INTERNAL', 'EXTERNAL']],
    ['IfcSpaceType', 'PredefinedType', ['INTERNAL', 'EXTERNAL']],
    ['IfcWall', 'PredefinedType', ['POLYGONAL', 'STANDARD']],
    ['IfcWallType', 'PredefinedType', ['POLYGONAL', 'STANDARD']],
    ['IfcShapeRepresentation', 'RepresentationType', ['PointCloud']],
    ['IfcPropertySet', 'Name', ['Pset_Draughting']],
  ],
  IFC4: [
    ['IfcWall', 'PredefinedType', ['POLYGONAL', 'STANDARD', 'ELEMENTEDWALL']],
    ['IfcWallType', 'PredefinedType', ['POLYGONAL', 'STANDARD', 'ELEMENTEDWALL']],
    ['IfcPropertySet', 'Name', ['Pset_Draughting']],
  ],
  IFC2X3: [
    ['IfcOwnerHistory', 'ChangeAction', ['MODIFIEDADDED', 'MODIFIEDDELETED']],
    ['IfcPropertySet', 'Name', ['Pset_Draughting']],
  ],
};

/** Abstract-in-spirit supertypes that must not be instantiated themselves, per schema. */
const DEPRECATED_EXACT: Record<SchemaName, readonly string[]> = {
  IFC4X3: [
    'IfcFlowFitting',
    'IfcFlowSegment',
    'IfcFlowTerminal',
    'IfcFlowController',
    'IfcFlowMovingDevice',
    'IfcFlowStorageDevice',
    'IfcFlowTreatmentDevice',
    'IfcEnergyConversionDevice',
  ],
  IFC4: [
    'IfcFlowFitting',
    'IfcFlowSegment',
    'IfcFlowTerminal',
    'IfcFlowController',
    'IfcFlowMovingDevice',
    'IfcFlowStorageDevice',
    'IfcFlowTreatmentDevice',
    'IfcEnergyConversionDevice',
  ],
  IFC2X3: ['IfcProductRepresentation', 'IfcRepresentation', 'IfcRepresentationContext', 'IfcRelAssociates'],
};

export const IFC102: Rule = {
  id: 'IFC102',
  severity: 'error',
  check(view, out) {
    const schema = view.schemaName;
    out.activate(); // the 'An IFC model' scenario of the file's own schema
    // An entity the schema does not define selects nothing (as in the rule's own implementation).
    const known = (entity: string) => view.tables.hasEntity(entity);
    for (const entity of DEPRECATED_ENTITIES[schema].filter(known)) {
      for (const id of view.ofType(entity, false)) out.add(id, 'validity.IFC102.entity', { entity });
    }
    for (const [entity, attribute] of DEPRECATED_ATTRIBUTES[schema].filter(([e]) => known(e))) {
      for (const id of view.ofType(entity)) {
        if (!view.isEmpty(id, attribute)) {
          out.add(id, 'validity.IFC102.attribute', { attribute });
        }
      }
    }
    for (const [entity, attribute, values] of DEPRECATED_VALUES[schema].filter(([e]) => known(e))) {
      // A property set's name as PSE001 read it (a string is no enumeration: `enumValue` is null then).
      const names = entity === 'IfcPropertySet' && attribute === 'Name' ? propertySetNames(view) : null;
      // An object's PredefinedType as the pass over objects read it (decision 0454; not in IFC2X3).
      const pass = attribute === 'PredefinedType' && schema !== 'IFC2X3' ? productPass(view) : null;
      const ids = view.ofType(entity);
      for (let i = 0; i < ids.length; i++) {
        const id = ids[i]!;
        const kept = pass === null ? undefined : predefinedTypeOf(pass, view.model.ordinalOf(id));
        const value =
          kept !== undefined
            ? kept
            : (names?.[i] ?? view.enumValue(id, attribute) ?? view.str(id, attribute));
        if (value !== null && values.includes(value)) {
          out.add(id, 'validity.IFC102.value', { attribute, value });
        }
      }
    }
    for (const entity of DEPRECATED_EXACT[schema].filter(known)) {
      for (const id of view.ofType(entity, false)) out.add(id, 'validity.IFC102.instantiated', { entity });
    }
  },
};
