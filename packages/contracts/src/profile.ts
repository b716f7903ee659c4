import { z } from 'zod';
import { languageSchema } from './auth';

/** Spec 2 §3 User profile. */
export const profileSchema = z.object({
  full_name: z.string(),
  email: z.string(),
  company: z.string(),
  avatar_url: z.string().nullable(),
  role: z.enum(['user', 'admin']),
  preferences: z.object({ job_title: z.string(), emailNotifications: z.boolean(), language: languageSchema }),
});
export type Profile = z.infer<typeof profileSchema>;

export const profileResponseSchema = z.object({ profile: profileSchema });

/** Spec 2 §7 Profile update: full_name, company, preferences (e-mail is read-only, spec 2 §5). */
export const updateProfileBodySchema = z.object({
  full_name: z
    .string()
    .trim()
    .min(1, 'validation.fullName.required')
    .max(200, 'validation.fullName.tooLong')
    .optional(),
  company: z.string().trim().max(200, 'validation.profile.companyTooLong').optional(),
  preferences: z
    .object({
      job_title: z.string().trim().max(200, 'validation.profile.jobTitleTooLong').optional(),
      emailNotifications: z.boolean().optional(),
      language: languageSchema.optional(),
    })
    .optional(),
});
export type UpdateProfileBody = z.input<typeof updateProfileBodySchema>;

/** Spec 2 §5 and §9: the avatar rules, checked in the browser and again on the server from the bytes. */
export const AVATAR_RULES = {
  maxBytes: 5 * 1024 * 1024,
  minPixels: 100,
  maxPixels: 2048,
  minCrop: 50,
  outputPixels: 400,
  jpegQuality: 0.9,
  types: ['image/jpeg', 'image/png'],
  extensions: ['.jpg', '.jpeg', '.png'],
} as const;

/** The messages of each refusal, shared by the browser and the server. */
export const AVATAR_MESSAGES = {
  type: 'Please choose a JPEG or PNG image.',
  corrupted: 'The file is corrupted or not a valid image.',
  tooLarge: 'The image must be 5 MB or smaller.',
  tooSmall: 'The image must be at least 100 × 100 pixels.',
  tooBig: 'The image must be at most 2048 × 2048 pixels.',
  crop: 'The crop must be a square of at least 50 pixels inside the image.',
} as const;

export const profileErrorCodes = ['avatar_invalid', 'avatar_too_large', 'profile_not_found'] as const;
export type ProfileErrorCode = (typeof profileErrorCodes)[number];

/** Performance Settings (spec 2 §2.9, admin-only): how many jobs of each kind one process runs at once. */
export const performanceSettingsSchema = z.object({
  processing_concurrency: z
    .number()
    .int()
    .min(1, 'validation.settings.atLeastOne')
    .max(4, 'validation.settings.atMostFour'),
  report_concurrency: z
    .number()
    .int()
    .min(1, 'validation.settings.atLeastOne')
    .max(4, 'validation.settings.atMostFour'),
});
export type PerformanceSettings = z.infer<typeof performanceSettingsSchema>;
export const DEFAULT_PERFORMANCE_SETTINGS: PerformanceSettings = {
  processing_concurrency: 1,
  report_concurrency: 1,
};
