import { z } from 'zod';
import { languageSchema } from './auth';

export const projectRoleSchema = z.enum(['Admin', 'Editor', 'Viewer']);
export type ProjectRole = z.infer<typeof projectRoleSchema>;

// Messages are the spec's (spec 2 §5).
export const projectNameSchema = z
  .string({ error: 'Project name is required' })
  .trim()
  .min(1, 'Project name is required')
  .max(255, 'Project name is too long');
export const projectDescriptionSchema = z.string().trim().max(1000, 'Description is too long');

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
    message: 'Nothing to update',
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

export const projectIdParamsSchema = z.object({ projectId: z.string().uuid('Project not found') });
