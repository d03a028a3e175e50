import { urlAlphabet } from 'nanoid';

/**
 * Deterministic pseudo-random numbers for seed data: sfc32 seeded with a 128-bit string hash
 * (cyrb128). A generator is named by a key; `fork(label)` derives a child from the key, not from the
 * parent's position, so organization 1's data does not change when more organizations or vehicles
 * are asked for, and areas of the generator can be reordered without changing their output.
 */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(readonly key: string) {
    [this.a, this.b, this.c, this.d] = cyrb128(key);
    // The first outputs of sfc32 still show the seed; skip them.
    for (let i = 0; i < 15; i++) this.uint32();
  }

  fork(label: string | number): Rng {
    return new Rng(`${this.key}/${label}`);
  }

  uint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    return this.uint32() / 4294967296;
  }

  /** A whole number in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** One of the entries, with probability proportional to its weight. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((sum, [, w]) => sum + w, 0);
    let x = this.next() * total;
    for (const [value, w] of entries) {
      x -= w;
      if (x < 0) return value;
    }
    return entries[entries.length - 1]![0];
  }

  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  }

  /** A 21-character id over nanoid's alphabet (A-Za-z0-9_-), like the ids devices make. */
  id(): string {
    let id = '';
    for (let i = 0; i < 21; i++) id += urlAlphabet[this.uint32() >>> 26];
    return id;
  }

  digits(count: number): string {
    let out = '';
    for (let i = 0; i < count; i++) out += String(this.int(0, 9));
    return out;
  }

  /** A whole number in 1..2^53-1, as workflow ids are made on devices (core/schema/workflow.ts). */
  safeInt(): number {
    const id = (this.uint32() & 0x1fffff) * 0x100000000 + this.uint32();
    return id === 0 ? 1 : id;
  }
}

export function createRng(seed: number | string): Rng {
  return new Rng(`seed:${seed}`);
}

/** cyrb128: four 32-bit words from a string, enough to seed sfc32. */
function cyrb128(str: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < str.length; i++) {
    const k = str.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}
