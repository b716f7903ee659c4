import { z } from 'zod';
import { languageSchema } from './auth';

export const projectRoleSchema = z.enum(['Admin', 'Editor', 'Viewer']);
export type ProjectRole = z.infer<typeof projectRoleSchema>;

// Messages are the spec's (spec 2 §5).
export const projectNameSchema = z
  .string({ error: 'validation.project.nameRequired' })
  .trim()
  .min(1, 'validation.project.nameRequired')
  .max(255, 'validation.project.nameTooLong');
export const projectDescriptionSchema = z.string().trim().max(1000, 'validation.description.tooLong');

export const createProjectBodySchema = z.object({
  name: projectNameSchema,
  description: projectDescriptionSchema.optional().default(''),
});
export type CreateProjectBody = z.input<typeof createProjectBodySchema>;

export const updateProjectBodySchema = z
  .object({
    name: projectNameSchema.optional(),
    description: projectDescriptionSchema.optional(),
    /** The language of the project's reports and mails; null: each reader's own (issue 31). */
    language: languageSchema.nullable().optional(),
  })
  .refine((v) => v.name !== undefined || v.description !== undefined || v.language !== undefined, {
    message: 'validation.project.nothingToUpdate',
  });
export type UpdateProjectBody = z.input<typeof updateProjectBodySchema>;

export const projectSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  description: z.string(),
  isActive: z.boolean(),
  createdBy: z.string().uuid(),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastProcessedAt: z.string().nullable(),
  /** The read-only sample project of /demo. */
  isDemo: z.boolean(),
  /** The language of its reports and mails; null: the language of whoever asks for one, or receives it. */
  language: languageSchema.nullable(),
  /** The caller's role in this project. */
  role: projectRoleSchema,
  filesCount: z.number().int(),
  elementsCount: z.number().int(),
  teamMembersCount: z.number().int(),
  totalSizeBytes: z.number().int(),
});
export type Project = z.infer<typeof projectSchema>;

export const projectListResponseSchema = z.object({ projects: z.array(projectSchema) });
export type ProjectListResponse = z.infer<typeof projectListResponseSchema>;

export const projectResponseSchema = z.object({ project: projectSchema });
export type ProjectResponse = z.infer<typeof projectResponseSchema>;

export const projectIdParamsSchema = z.object({ projectId: z.string().uuid('error.project_not_found') });
