import { describe, expect, it } from 'vitest';
import { modelOf } from '../testing/step-fixture';

const project = (units: string, assignment: string) => `
#1=IFCPROJECT('1hqIFTRjfV6AWq_bMtnZwI',$,$,$,$,$,$,$,#100);
${units}
#100=IFCUNITASSIGNMENT((${assignment}));`;

describe('units', () => {
  it('scales SI prefixes, squared for area units and cubed for volume units', () => {
    const model = modelOf(
      project(
        `#2=IFCSIUNIT(*,.LENGTHUNIT.,.MILLI.,.METRE.);
#3=IFCSIUNIT(*,.AREAUNIT.,.CENTI.,.SQUARE_METRE.);
#4=IFCSIUNIT(*,.VOLUMEUNIT.,.DECI.,.CUBIC_METRE.);
#5=IFCSIUNIT(*,.MASSUNIT.,$,.GRAM.);
#6=IFCSIUNIT(*,.THERMODYNAMICTEMPERATUREUNIT.,$,.DEGREE_CELSIUS.);`,
        '#2,#3,#4,#5,#6',
      ),
    );
    const units = new Map(model.units().map((u) => [u.unitType, u]));
    expect(units.get('LENGTHUNIT')).toMatchObject({ name: 'MILLIMETRE', scale: 1e-3, offset: 0, id: 2 });
    expect(units.get('AREAUNIT')?.scale).toBeCloseTo(1e-4, 15);
    expect(units.get('VOLUMEUNIT')?.scale).toBeCloseTo(1e-3, 15);
    expect(units.get('MASSUNIT')?.scale).toBe(1e-3);
    expect(units.get('THERMODYNAMICTEMPERATUREUNIT')?.offset).toBe(273.15);
    expect(model.toSI(2500, 'IFCLENGTHMEASURE')).toBeCloseTo(2.5, 12);
    expect(model.toSI(2500, 'IfcPositiveLengthMeasure')).toBeCloseTo(2.5, 12);
    expect(model.toSI(10000, 'IFCAREAMEASURE')).toBeCloseTo(1, 12);
    expect(model.toSI(20, 'IFCTHERMODYNAMICTEMPERATUREMEASURE')).toBeCloseTo(293.15, 9);
    expect(model.toSI(7, 'IFCLABEL')).toBe(7);
  });

  it('follows conversion-based units (foot, square foot, degree) to SI', () => {
    const model = modelOf(
      project(
        `#2=IFCSIUNIT(*,.LENGTHUNIT.,$,.METRE.);
#3=IFCDIMENSIONALEXPONENTS(1,0,0,0,0,0,0);
#4=IFCMEASUREWITHUNIT(IFCLENGTHMEASURE(0.3048),#2);
#5=IFCCONVERSIONBASEDUNIT(#3,.LENGTHUNIT.,'foot',#4);
#6=IFCSIUNIT(*,.AREAUNIT.,$,.SQUARE_METRE.);
#7=IFCMEASUREWITHUNIT(IFCAREAMEASURE(0.09290304),#6);
#8=IFCCONVERSIONBASEDUNIT(#3,.AREAUNIT.,'square foot',#7);
#9=IFCSIUNIT(*,.PLANEANGLEUNIT.,$,.RADIAN.);
#10=IFCMEASUREWITHUNIT(IFCPLANEANGLEMEASURE(0.017453292519943295),#9);
#11=IFCCONVERSIONBASEDUNIT(#3,.PLANEANGLEUNIT.,'degree',#10);
#12=IFCMEASUREWITHUNIT(IFCLENGTHMEASURE(12.),#5);
#13=IFCCONVERSIONBASEDUNIT(#3,.USERDEFINED.,'yard',#12);`,
        '#5,#8,#11',
      ),
    );
    const units = new Map(model.units().map((u) => [u.unitType, u]));
    expect(units.get('LENGTHUNIT')).toMatchObject({ name: 'foot', scale: 0.3048 });
    expect(model.toSI(10, 'IFCLENGTHMEASURE')).toBeCloseTo(3.048, 12);
    expect(model.toSI(100, 'IFCAREAMEASURE')).toBeCloseTo(9.290304, 12);
    expect(model.toSI(180, 'IFCPLANEANGLEMEASURE')).toBeCloseTo(Math.PI, 12);
  });

  it('multiplies derived units out of their elements', () => {
    const model = modelOf(
      project(
        `#2=IFCSIUNIT(*,.LENGTHUNIT.,.MILLI.,.METRE.);
#3=IFCSIUNIT(*,.MASSUNIT.,.KILO.,.GRAM.);
#4=IFCDERIVEDUNITELEMENT(#3,1);
#5=IFCDERIVEDUNITELEMENT(#2,-3);
#6=IFCDERIVEDUNIT((#4,#5),.MASSDENSITYUNIT.,$);`,
        '#2,#6',
      ),
    );
    expect(model.toSI(1, 'IFCMASSDENSITYMEASURE')).toBeCloseTo(1e9, 3);
  });

  it('handles a model without a unit assignment as SI', () => {
    const model = modelOf("#1=IFCWALL('1hqIFTRjfV6AWq_bMtnZwI',$,$,$,$,$,$,$,$);");
    expect(model.units()).toEqual([]);
    expect(model.toSI(3, 'IFCLENGTHMEASURE')).toBe(3);
  });
});
