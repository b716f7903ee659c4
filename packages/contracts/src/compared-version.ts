import { z } from 'zod';

/** A version of a file as a comparison names it (issue 30): history.ts and the Overview's changes. */
export const comparedVersionSchema = z.object({
  id: z.string().uuid(),
  version_number: z.number().int(),
  version_tag: z.string(),
});
export type ComparedVersion = z.infer<typeof comparedVersionSchema>;
