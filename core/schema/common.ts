import { z } from 'zod';

/** Ids are text; ids made on a device are 21-character nanoids, seeded and legacy ids may differ. */
export const entityId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'Ids are letters, digits, _ and -');
export const ID_LENGTH = 21;

/** Dates are years 1900 to 9999: anything else is a typing error, and PostgreSQL could not store it. */
export const FIRST_YEAR = 1900;
export const LAST_YEAR = 9999;
const inStorableYears = (year: number) => year >= FIRST_YEAR && year <= LAST_YEAR;
const yearsMessage = `Enter a date in the years ${FIRST_YEAR} to ${LAST_YEAR}`;

export const isoDateTime = z.iso.datetime({ offset: true, error: 'Expected a date and time in ISO 8601 format' }).refine(
  // The UTC year: an offset can carry 9999-12-31 into the year 10000.
  (value) => inStorableYears(new Date(value).getUTCFullYear()),
  yearsMessage,
);
export const isoDate = z.iso.date({ error: 'Expected a date as yyyy-MM-dd' }).refine((value) => inStorableYears(Number(value.slice(0, 4))), yearsMessage);

/** The largest whole number an integer column holds. */
export const INT_MAX = 2_147_483_647;

/** The error body of every failed call (part 1 §8). */
export const errorBodySchema = z.object({
  errorMessage: z.string(),
  errors: z.array(z.object({ message: z.string() }).catchall(z.unknown())).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
