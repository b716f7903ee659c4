// @vitest-environment happy-dom
import type { FacetResult } from '@plumbline/contracts';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { switchLocale } from '@/lib/i18n';
import { renderWithApp } from '@/lib/testing/render';
import { FacetResultItem } from './facet-result-item';

const FIRE_RATING: FacetResult = {
  facet_type: 'property',
  is_satisfied: false,
  result: 'failed',
  errors: [],
  bsdd_validated: false,
  details: {
    cardinality: 'required',
    description: 'Pset_WallCommon.FireRating',
    property_set: 'Pset_WallCommon',
    property_name: 'FireRating',
    property_data_type: 'IFCLABEL',
    property_exists: true,
    property_populated: false,
    property_value: null,
    actual_value: null,
    required_value: null,
    value_constraints: [
      { type: 'enumeration', values: ['EI 30', 'EI 60'] },
      { type: 'pattern', pattern: 'EI[0-9]+' },
      { type: 'bounds', min_value: '30', max_value: '90' },
    ],
  },
};

/** The facet's detail list as [label, value] pairs, as a reader sees them. */
function shownRows(): [string, string][] {
  const terms = [...document.querySelectorAll('dt')].map((dt) => dt.textContent ?? '');
  const values = [...document.querySelectorAll('dd')].map((dd) => dd.textContent ?? '');
  return terms.map((term, i) => [term, values[i] ?? '']);
}

afterEach(() => switchLocale('en'));

describe('a facet of the Element Inspector', () => {
  it('names its facts in German: labels, yes/no, cardinality and the value constraints', async () => {
    await switchLocale('de');
    renderWithApp(<FacetResultItem facet={FIRE_RATING} section="requirements" />);
    // A failed facet opens by itself.
    expect(await screen.findByText('Merkmal', { selector: 'span' })).toBeVisible();
    expect(shownRows()).toEqual([
      ['Kardinalität', 'erforderlich'],
      ['Eigenschaftssatz', 'Pset_WallCommon'],
      ['Merkmal', 'FireRating'],
      ['Datentyp', 'IFCLABEL'],
      ['Merkmal vorhanden', 'Ja'],
      ['Hat einen Wert', 'Nein'],
      ['Wert', 'k. A.'],
      ['Geforderter Wert', 'einer der Werte EI 30, EI 60; passend zu EI[0-9]+; ≥ 30 und ≤ 90'],
    ]);
    expect(document.body.textContent).not.toMatch(/Cardinality|Property set|Yes|No\b|one of|matching/);
  });

  it('names them in English as well', async () => {
    renderWithApp(<FacetResultItem facet={FIRE_RATING} section="requirements" />);
    expect(await screen.findByText('Property', { selector: 'span' })).toBeVisible();
    expect(shownRows()).toContainEqual(['Cardinality', 'required']);
    expect(shownRows()).toContainEqual([
      'Required value',
      'one of EI 30, EI 60; matching EI[0-9]+; ≥ 30 and ≤ 90',
    ]);
  });
});
