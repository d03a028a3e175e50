import { HttpError } from '../http/errors.ts';

const MiB = 1024 * 1024;

export interface GateLimit {
  /** Uploads at once. */
  uploads: number;
  /** Bytes the uploads at once may carry, as each request declares them (Content-Length). */
  bytes: number;
}

export interface UploadLimits {
  perUser: GateLimit;
  perOrg: GateLimit;
  /** What a refused upload is told to wait (Retry-After). */
  retryAfterSeconds: number;
}

/**
 * One user uploads at most 4 files at once (the app sends 2) and 512 MiB; one organization 16 and
 * 2 GiB: one busy tablet, or one script, cannot take the disk, the temporary space and the bandwidth
 * that every other user of the instance needs (docs/files.md, "Uploads at once").
 */
export const UPLOAD_LIMITS: UploadLimits = {
  perUser: { uploads: 4, bytes: 512 * MiB },
  perOrg: { uploads: 16, bytes: 2048 * MiB },
  retryAfterSeconds: 10,
};

export const TOO_MANY_UPLOADS_MESSAGE = 'Too many files are being uploaded at once. The upload waits and is sent again shortly.';

interface InFlight {
  uploads: number;
  bytes: number;
}

/**
 * Counts the uploads in flight per user and per organization (in memory, per instance) and refuses
 * one past a limit with 429 and Retry-After; nothing of a refused upload is read. `admit` answers the
 * release, which the route calls once the request is over, whatever its end.
 */
export class UploadGate {
  private readonly users = new Map<string, InFlight>();
  private readonly orgs = new Map<string, InFlight>();

  constructor(private readonly limits: UploadLimits = UPLOAD_LIMITS) {}

  admit(userId: string, orgId: string, bytes: number): () => void {
    const user = this.users.get(userId) ?? { uploads: 0, bytes: 0 };
    const org = this.orgs.get(orgId) ?? { uploads: 0, bytes: 0 };
    if (!fits(user, bytes, this.limits.perUser) || !fits(org, bytes, this.limits.perOrg)) {
      throw new HttpError(429, TOO_MANY_UPLOADS_MESSAGE, { retryAfterSeconds: this.limits.retryAfterSeconds });
    }
    add(this.users, userId, user, 1, bytes);
    add(this.orgs, orgId, org, 1, bytes);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      add(this.users, userId, user, -1, -bytes);
      add(this.orgs, orgId, org, -1, -bytes);
    };
  }

  /** Uploads in flight (tests). */
  inFlight(userId: string): InFlight {
    return { ...(this.users.get(userId) ?? { uploads: 0, bytes: 0 }) };
  }
}

/** The first upload always fits, however large: a limit below one request's size must not block it for ever. */
const fits = (now: InFlight, bytes: number, limit: GateLimit) => now.uploads === 0 || (now.uploads < limit.uploads && now.bytes + bytes <= limit.bytes);

function add(map: Map<string, InFlight>, key: string, entry: InFlight, uploads: number, bytes: number): void {
  entry.uploads += uploads;
  entry.bytes += bytes;
  if (entry.uploads <= 0) map.delete(key);
  else map.set(key, entry);
}
