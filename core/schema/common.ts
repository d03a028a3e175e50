import { z } from 'zod';

/** Ids are text; ids made on a device are 21-character nanoids, seeded and legacy ids may differ. */
export const entityId = z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, 'Ids are letters, digits, _ and -');
export const ID_LENGTH = 21;

export const isoDateTime = z.iso.datetime({ offset: true, error: 'Expected a date and time in ISO 8601 format' });
export const isoDate = z.iso.date({ error: 'Expected a date as yyyy-MM-dd' });

/** The error body of every failed call (part 1 §8). */
export const errorBodySchema = z.object({
  errorMessage: z.string(),
  errors: z.array(z.object({ message: z.string() }).catchall(z.unknown())).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
