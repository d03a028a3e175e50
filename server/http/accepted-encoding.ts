/** The content codings the server compresses large answers with, best first. */
export type Coding = 'br' | 'gzip';

const PREFERENCE: readonly Coding[] = ['br', 'gzip'];

/**
 * The coding to answer with, from a request's Accept-Encoding (RFC 9110 §12.5.3): the best of ours the
 * client accepts with a weight above zero, a `*` standing for any not named; null when it accepts none.
 * Brotli comes first: on a sync page it is about a quarter smaller than gzip at about the same cost
 * (docs/performance.md), and every current browser asks for it.
 */
export function acceptedCoding(header: string | string[] | undefined): Coding | null {
  const weights = new Map<string, number>();
  for (const part of [header ?? ''].flat().join(',').split(',')) {
    const [token = '', ...params] = part.toLowerCase().split(';');
    const name = token.trim();
    if (!name) continue;
    const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p)).find((m) => m !== null);
    const weight = q ? Number(q[1]) : 1;
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const any = weights.get('*');
  return PREFERENCE.find((coding) => (weights.get(coding) ?? any ?? 0) > 0) ?? null;
}
