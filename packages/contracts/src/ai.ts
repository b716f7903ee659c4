import { z } from 'zod';

// The chat's path and version query (spec 3 §7) are file-address.ts' fileParamsSchema and versionQuerySchema.

export const AI_MESSAGE_MAX_LENGTH = 4000;

/** Body of the chat call (spec 3 §7): message, session_id, context {timestamp}. */
export const aiChatRequestSchema = z.object({
  message: z
    .string()
    .trim()
    .min(1, 'validation.ai.questionEmpty')
    .max(AI_MESSAGE_MAX_LENGTH, 'validation.ai.questionTooLong'),
  session_id: z.string().min(1).max(300),
  context: z
    .object({ timestamp: z.union([z.string(), z.number()]).optional() })
    .passthrough()
    .optional(),
});
export type AiChatRequest = z.infer<typeof aiChatRequestSchema>;

/** Element ids (IFC GlobalIds, what the viewer's highlight call takes) grouped by a type label. */
export const elementsByTypeSchema = z.record(z.string(), z.array(z.string()));
export type ElementsByType = z.infer<typeof elementsByTypeSchema>;

/** A cited element as the chat's sources list shows it. */
export const aiSourceSchema = z.object({
  global_id: z.string(),
  name: z.string().nullable(),
  ifc_class: z.string(),
  storey: z.string().nullable(),
});
export type AiSource = z.infer<typeof aiSourceSchema>;

export const aiChatMetadataSchema = z
  .object({
    /** Who answered: the built-in analyst or the configured language model. */
    source: z.enum(['analyst', 'model']).optional(),
    intent: z.string().optional(),
    /** The language the question was read in and answered in ('en', 'nl', 'de'). */
    language: z.string().optional(),
    version_id: z.string().optional(),
    demo: z.boolean().optional(),
    error: z.boolean().optional(),
  })
  .passthrough();
export type AiChatMetadata = z.infer<typeof aiChatMetadataSchema>;

/**
 * One server-sent event of the chat stream, sent as `data: <json>` (spec 3 §7). `message` events carry
 * a piece of the answer text (the client appends them), `elements` the ids the answer cites.
 */
export const aiChatEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('message'),
    content: z.string(),
    metadata: aiChatMetadataSchema.optional(),
    elements: z.array(z.string()).optional(),
    elementsByType: elementsByTypeSchema.optional(),
  }),
  z.object({
    type: z.literal('elements'),
    elements: z.array(z.string()),
    elementsByType: elementsByTypeSchema,
    /** The cited elements with what a person recognises them by (the first ones cited). */
    sources: z.array(aiSourceSchema).optional(),
  }),
  z.object({ type: z.literal('error'), content: z.string(), metadata: aiChatMetadataSchema.optional() }),
  z.object({ type: z.literal('complete') }),
]);
export type AiChatEvent = z.infer<typeof aiChatEventSchema>;

/** What the chat panel shows before a question: the project and a summary of the chosen version. */
export const aiModelContextSchema = z.object({
  project: z.object({ name: z.string(), description: z.string() }),
  file: z.object({ id: z.string(), name: z.string() }),
  version: z.object({ id: z.string(), version_tag: z.string() }).nullable(),
  element_count: z.number().int(),
  level_count: z.number().int(),
  levels: z.array(z.string()),
  categories: z.array(z.object({ name: z.string(), count: z.number().int() })),
  systems: z.array(z.string()),
  /** Questions drawn from this project's IDS and model that the assistant answers. */
  suggestions: z.array(z.string()),
  /** Whether answers come from the configured language model or the built-in analyst. */
  assistant: z.enum(['analyst', 'model']),
});
export type AiModelContext = z.infer<typeof aiModelContextSchema>;
