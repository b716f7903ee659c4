import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  uptimeSeconds: z.number(),
  database: z.object({
    status: z.enum(['up', 'down']),
    kind: z.enum(['embedded', 'postgres']),
    latencyMs: z.number().nullable(),
  }),
  queue: z.object({
    status: z.enum(['up', 'down']),
    inProcessWorker: z.boolean(),
    queued: z.number().int().nullable(),
    active: z.number().int().nullable(),
  }),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
