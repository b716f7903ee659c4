import { projectDescriptionSchema, projectNameSchema } from '@plumbline/contracts';
import { z } from 'zod';

/** The name/description form of the create and edit dialogs, with the spec's messages (spec 2 §5). */
export const projectDetailsFormSchema = z.object({
  name: projectNameSchema,
  description: projectDescriptionSchema,
});
export type ProjectDetailsInput = z.input<typeof projectDetailsFormSchema>;
export type ProjectDetailsValues = z.output<typeof projectDetailsFormSchema>;
export const PROJECT_DETAILS_FIELDS = ['name', 'description'] as const;
