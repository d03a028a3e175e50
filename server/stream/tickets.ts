import { createHash, randomBytes } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { streamTickets } from '../db/schema/index.ts';
import { STREAM_TICKET_TTL_SECONDS } from '../../core/schema/stream.ts';

const hash = (ticket: string) => createHash('sha256').update(ticket).digest('base64url');

/** A single-use ticket for the websocket, valid for 30 s; only its hash is stored. */
export async function issueTicket(db: Db, userId: string, orgId: string): Promise<{ ticket: string; expiresIn: number }> {
  const ticket = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + STREAM_TICKET_TTL_SECONDS * 1000);
  await db.delete(streamTickets).where(lt(streamTickets.expiresAt, new Date()));
  await db.insert(streamTickets).values({ ticketHash: hash(ticket), userId, orgId, expiresAt });
  return { ticket, expiresIn: STREAM_TICKET_TTL_SECONDS };
}

/** Takes a ticket: it is deleted whatever happens, so it can never be used twice. */
export async function redeemTicket(db: Db, ticket: string): Promise<{ userId: string; orgId: string } | undefined> {
  const [row] = await db.delete(streamTickets).where(eq(streamTickets.ticketHash, hash(ticket))).returning();
  if (!row || row.expiresAt.getTime() < Date.now()) return undefined;
  return { userId: row.userId, orgId: row.orgId };
}
