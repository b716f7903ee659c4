import { z } from 'zod';

/** A share out of 100, as the screens show it. */
export const percent = z.number().min(0).max(100);

/** The one percentage rule, defined beside the engine's reports (see there). */
export { percentOf } from '@plumbline/ids/report/percent';

/** A count of things (elements, facets, pairs). */
export const count = z.number().int().min(0);
