import { z } from 'zod';

/** The arguments of a message: the values its ICU text names (`{hours}`, `{detail}`). */
export const messageParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));
export type MessageParams = z.infer<typeof messageParamsSchema>;

/**
 * Every error the API returns has this body. `code` is what a program switches on; `messageId` and
 * `params` name the message in the catalogue (packages/contracts/src/messages), which the web app
 * renders in its language; `message` is that message rendered by the server in the request's language
 * (Accept-Language, else the user's profile language), for API clients (issue 31, decision 0231).
 */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    messageId: z.string().optional(),
    params: messageParamsSchema.optional(),
    requestId: z.string().optional(),
    /** Field-level problems of a 400, keyed by dotted path. */
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
