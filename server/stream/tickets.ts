import { createHash, randomBytes } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { streamTickets } from '../db/schema/index.ts';
import { STREAM_TICKET_TTL_SECONDS } from '../../core/schema/stream.ts';
import { parseRole } from '../../core/schema/roles.ts';

const hash = (ticket: string) => createHash('sha256').update(ticket).digest('base64url');

/** What a ticket was fetched under: the stream opens only while the user still has it. */
export interface TicketAccess {
  role: string | null;
  isAdmin: boolean;
}

/** The access a ticket carries, as text (a role is letters only; base64url has no `.` or `~`). */
export function accessTag(access: TicketAccess): string {
  return `${parseRole(access.role) ?? '-'}~${access.isAdmin ? 'admin' : 'user'}`;
}

/**
 * A single-use ticket for the websocket, valid for 30 s; only its hash is stored. It ends with the
 * access it was fetched under, covered by the hash, so that a change of role made anywhere (not only
 * through the API, which deletes the user's tickets) makes a ticket fetched before it open nothing.
 */
export async function issueTicket(db: Db, userId: string, orgId: string, access: TicketAccess): Promise<{ ticket: string; expiresIn: number }> {
  const ticket = `${randomBytes(32).toString('base64url')}.${accessTag(access)}`;
  const expiresAt = new Date(Date.now() + STREAM_TICKET_TTL_SECONDS * 1000);
  await db.delete(streamTickets).where(lt(streamTickets.expiresAt, new Date()));
  await db.insert(streamTickets).values({ ticketHash: hash(ticket), userId, orgId, expiresAt });
  return { ticket, expiresIn: STREAM_TICKET_TTL_SECONDS };
}

/** Takes a ticket: it is deleted whatever happens, so it can never be used twice. */
export async function redeemTicket(db: Db, ticket: string): Promise<{ userId: string; orgId: string; access: string } | undefined> {
  const [row] = await db
    .delete(streamTickets)
    .where(eq(streamTickets.ticketHash, hash(ticket)))
    .returning();
  if (!row || row.expiresAt.getTime() < Date.now()) return undefined;
  return { userId: row.userId, orgId: row.orgId, access: ticket.slice(ticket.lastIndexOf('.') + 1) };
}
