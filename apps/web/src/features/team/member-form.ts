import { emailSchema, type ProjectRole, projectRoleSchema } from '@plumbline/contracts';
import { z } from 'zod';

/** Roles in the order the selects offer them. */
export const PROJECT_ROLES: readonly ProjectRole[] = projectRoleSchema.options;

/** The Add member form: an existing account's e-mail ('Please enter a valid email address') and a role. */
export const addMemberFormSchema = z.object({
  email: z.string().pipe(emailSchema),
  role: projectRoleSchema,
});
export type AddMemberFormInput = z.input<typeof addMemberFormSchema>;
export type AddMemberFormValues = z.output<typeof addMemberFormSchema>;
export const ADD_MEMBER_FIELDS = ['email', 'role'] as const;
