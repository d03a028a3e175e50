import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Db } from '../../db/client.ts';
import { serverSecrets } from '../../db/schema/index.ts';

export interface OidcSecrets {
  /** Private signing keys (RS256, with kid); the first one signs. */
  signingKeys: JWK[];
  /** Keys for the provider's signed cookies; the first one signs. */
  cookieKeys: string[];
}

const SIGNING_KEYS = 'oidc.signing-keys';
const COOKIE_KEYS = 'oidc.cookie-keys';

/**
 * Reads the provider's keys, generating them on the very first start. Insert-if-absent then read
 * back: when several instances start together, the first insert wins and every instance uses it.
 */
export async function loadOidcSecrets(db: Db): Promise<OidcSecrets> {
  const signingKeys = await ensureSecret(db, SIGNING_KEYS, async () => ({ keys: [await newSigningKey()] }));
  const cookieKeys = await ensureSecret(db, COOKIE_KEYS, async () => ({
    keys: [randomBytes(32).toString('base64url')],
  }));
  return {
    signingKeys: (signingKeys as { keys: JWK[] }).keys,
    cookieKeys: (cookieKeys as { keys: string[] }).keys,
  };
}

async function ensureSecret(db: Db, name: string, create: () => Promise<unknown>): Promise<unknown> {
  const existing = await readSecret(db, name);
  if (existing !== undefined) return existing;
  await db
    .insert(serverSecrets)
    .values({ name, value: await create() })
    .onConflictDoNothing();
  const stored = await readSecret(db, name);
  if (stored === undefined) throw new Error(`Server secret ${name} could not be stored`);
  return stored;
}

async function readSecret(db: Db, name: string): Promise<unknown> {
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, name));
  return row?.value;
}

async function newSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: 'RS256', use: 'sig' };
}

const PRIVATE_MEMBERS = new Set(['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k']);

/** The public half of a key set, safe to publish and to hand to token verification. */
export function publicJwks(keys: JWK[]): { keys: JWK[] } {
  return {
    keys: keys.map((key) => Object.fromEntries(Object.entries(key).filter(([name]) => !PRIVATE_MEMBERS.has(name))) as JWK),
  };
}
