import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';

/**
 * argon2id with the OWASP baseline (19 MiB, 2 passes, 1 lane): about 20-40 ms per hash here, cheap
 * enough for sign-in bursts, expensive enough for offline guessing. `Algorithm` is a const enum in
 * the typings, which isolatedModules cannot read, hence the literal.
 */
const ARGON2ID = 2 as Algorithm;
const OPTIONS: Options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export async function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** False for a wrong password and for anything that is not an argon2 hash; never throws. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real check, for an unknown email or a user without a password, so that
 * the response time does not tell which emails exist.
 */
export async function verifyNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password-0f3c9a');
  await verifyPassword(await dummyHash, password);
  return false;
}
