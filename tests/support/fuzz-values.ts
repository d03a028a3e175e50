/**
 * Odd inputs for the API fuzz test (tests/api/fuzz.test.ts): values of every JSON type chosen to
 * trip validators and the code behind them, JSON text that JSON.stringify cannot write (numbers
 * past a double, bodies nested thousands deep), a serializer that keeps own `__proto__` keys, and
 * percent-encoding that survives lone surrogates.
 */
import fc from 'fast-check';

/** A fragment of JSON text put into a body verbatim (e.g. `1e400`, which parses to Infinity). */
export class RawJson {
  constructor(readonly text: string) {}
  toString(): string {
    return `RawJson(${this.text.length > 60 ? `${this.text.slice(0, 60)}…` : this.text})`;
  }
}

export type FuzzValue = null | boolean | number | string | RawJson | FuzzValue[] | { [key: string]: FuzzValue };

/** An object from entries, `__proto__` included as an own key (as JSON.parse makes it). */
export function objectOf(entries: [string, FuzzValue][]): { [key: string]: FuzzValue } {
  const out: { [key: string]: FuzzValue } = {};
  for (const [key, value] of entries) Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  return out;
}

/** JSON text of a fuzz value: RawJson verbatim, every own key (also `__proto__`), lone surrogates escaped. */
export function toJsonText(value: FuzzValue | undefined): string {
  if (value === undefined) return '';
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map((v) => toJsonText(v)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value)
      .map((k) => `${JSON.stringify(k)}:${toJsonText(value[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Nested `depth` levels deep (the innermost container counts), as text so that no recursion builds it. */
export function deepText(depth: number, kind: 'array' | 'object' = 'array'): RawJson {
  return kind === 'array' ? new RawJson(`${'['.repeat(depth)}${']'.repeat(depth)}`) : new RawJson(`${'{"a":'.repeat(depth - 1)}{}${'}'.repeat(depth - 1)}`);
}

export const ODD_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '\uDBFF\uDBFF',
  '\u202Eevil\u202C',
  '\u200F\u05D0\u05D1\u200E',
  '👨‍👩‍👧‍👦',
  '🏳️‍🌈',
  'e\u0301\u0301\u0301',
  'Z\u0364\u0351\u0313\u0324\u0354',
  '\uFEFF',
  '\u2028\u2029',
  '\t\n\r\f\b',
  '\u00A0',
  '\uFFFF',
  '\uFFFD',
  '𝕏',
  'null',
  'undefined',
  'true',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '0x10',
  '2147483648',
  '9007199254740993',
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  'toString',
  "'; drop table users; --",
  '%00',
  '%',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '${1+1}',
  '{{7*7}}',
  'A'.repeat(51),
  'A'.repeat(256),
  'A-B',
  'T-12345',
  '2026-02-30',
  '2026-13-01',
  '0000-01-01',
  '9999-12-31T23:59:59-01:00',
  '10000-01-01',
  '2026-05-13T12:00:00Z',
  '2026-05-13T12:00:00.123456789+14:00',
  'valid',
  'inMx',
  'vco',
  'add',
  '/fleetDetailFilter',
  '/__proto__',
];

export const ODD_NUMBERS = [
  0,
  -0,
  1,
  -1,
  0.5,
  -0.5,
  1.0000001,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53) - 2,
  1e21,
  1e308,
  -1e308,
  5e-324,
  1899,
  1900,
  2200,
  2201,
  9999,
  10000,
];

/** Number literals JSON.stringify never writes. */
export const RAW_NUMBERS = ['1e400', '-1e400', '1E-400', '-0.0', '123456789012345678901234567890', '0.0000000000000000000000000001', '1.5e+9', '100e-2'].map(
  (t) => new RawJson(t),
);

/** One UTF-16 unit or code point that is trouble somewhere. */
const oddUnit = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: fc.constantFrom('\u0000', '\uD800', '\uDC00', '\u202E', '\u0301', '\uFEFF', '\u200D', '"', '\\', '/', '%', '?', '#', '&', '=', '+', ' ') },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }) },
);

export const oddString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...ODD_STRINGS) },
  { weight: 3, arbitrary: fc.string({ unit: oddUnit, maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 60 }) },
  // Long: past every field's limit, and sometimes most of the body limit.
  { weight: 1, arbitrary: fc.constantFrom(1_000, 70_000, 300_000).chain((n) => fc.constantFrom('x', 'é', '😀', '\u0000').map((c) => c.repeat(n))) },
);

export const oddNumber: fc.Arbitrary<number | RawJson> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...ODD_NUMBERS) },
  { weight: 2, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.constantFrom(...RAW_NUMBERS) },
);

/** Keys that collide with what JavaScript objects carry, beside ordinary and odd ones. */
export const oddKey: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', 'isAdmin', 'orgId', 'passwordHash', 'rev', 'id'),
  },
  { weight: 2, arbitrary: fc.string({ unit: oddUnit, maxLength: 8 }) },
  { weight: 1, arbitrary: fc.constantFrom(...ODD_STRINGS) },
);

/** The `__proto__` and `constructor.prototype` shapes that poison a naive merge. */
export const prototypeObject: fc.Arbitrary<FuzzValue> = fc.constantFrom<FuzzValue>(
  objectOf([['__proto__', { isAdmin: true, role: 'vco' }]]),
  objectOf([['constructor', { prototype: { isAdmin: true } }]]),
  objectOf([['prototype', { isAdmin: true }]]),
  objectOf([['__proto__', null]]),
  objectOf([['constructor', 'x']]),
);

/** Any odd JSON value, nested a few levels. */
export const oddValue: fc.Arbitrary<FuzzValue> = fc.letrec<{ value: FuzzValue }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 4, arbitrary: oddString },
    { weight: 3, arbitrary: oddNumber },
    { weight: 1, arbitrary: fc.boolean() },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: prototypeObject },
    { weight: 2, arbitrary: fc.array(tie('value'), { maxLength: 4 }) },
    { weight: 2, arbitrary: fc.array(fc.tuple(oddKey, tie('value')), { maxLength: 4 }).map(objectOf) },
  ),
})).value;

/** Values nested around the limits: 64 for any request value, 128 for a JSON body, and far past both. */
export const deepValue: fc.Arbitrary<FuzzValue> = fc
  .tuple(fc.constantFrom(62, 63, 64, 65, 66, 127, 128, 129, 1_000, 100_000), fc.constantFrom<'array' | 'object'>('array', 'object'))
  .map(([depth, kind]) => deepText(depth, kind));

/** A whole body that is not what any route wants. */
export const oddBody: fc.Arbitrary<FuzzValue> = fc.oneof(
  { weight: 6, arbitrary: oddValue },
  { weight: 2, arbitrary: deepValue },
  { weight: 1, arbitrary: prototypeObject },
);

/** Text that is not JSON, or JSON in a form a parser may trip over. */
export const MALFORMED_BODIES = [
  '{',
  '{"a":1',
  '{"a":1}}',
  '{"a":1} trailing',
  "{'a':1}",
  '{"a":undefined}',
  '{"a":NaN}',
  '{"a":Infinity}',
  '{"a":01}',
  '{"a":.5}',
  '{"a":"\\x41"}',
  '{"a":"\\u12"}',
  '{"a":"\\ud800"}',
  '{"a":"\u0001"}',
  '{"a":1,}',
  '[1,]',
  '\uFEFF{}',
  ' \n\t{}\n ',
  '{"a":1,"a":2}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '"\\u0000"',
  '',
  'null',
  '[]',
  '{}',
  '0',
  '-',
  'true',
  '/* comment */ {}',
];

/** Whole request bodies as text: odd values, malformed text, and bodies around and past the size limit. */
export function oddBodyText(bodyLimit: number): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 8, arbitrary: oddBody.map(toJsonText) },
    { weight: 2, arbitrary: fc.constantFrom(...MALFORMED_BODIES) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(bodyLimit - 64, bodyLimit + 1, 2 * bodyLimit).map((size) => `{"a":"${'x'.repeat(Math.max(0, size - 8))}"}`),
    },
  );
}

/** Percent-encoding of any JS string; a lone surrogate becomes the (invalid) UTF-8 bytes of its code unit. */
export function encodeLoose(text: string): string {
  let out = '';
  for (const ch of text) {
    try {
      out += encodeURIComponent(ch);
    } catch {
      const u = ch.charCodeAt(0);
      out += [0xe0 | (u >> 12), 0x80 | ((u >> 6) & 0x3f), 0x80 | (u & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    }
  }
  return out;
}

/** Path segments as they go on the wire: encoded odd text, and raw forms the router must survive. */
export const RAW_SEGMENTS = [
  '%',
  '%zz',
  '%00',
  '%2F',
  '%2f..%2f',
  '%2e%2e',
  '..',
  '.',
  '%E0%A4%A',
  '%F0%9F',
  '%C0%AF',
  '%ED%A0%80',
  '%FF%FE',
  '\u00e9',
  'a;b=c',
  'a%3Fb',
  '~',
  '-',
  '_',
  '%20',
  '+',
  'a'.repeat(5_000),
  '0',
  '00000000000000000000',
];

export const oddSegment: fc.Arbitrary<string> = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
  { weight: 3, arbitrary: oddString.filter((s) => s.length <= 2_000).map(encodeLoose) },
);

/** A query string (without `?`) of known and odd keys, duplicates and raw escapes included. */
export function oddQuery(knownKeys: string[]): fc.Arbitrary<string> {
  const key = fc.oneof({ weight: 3, arbitrary: knownKeys.length > 0 ? fc.constantFrom(...knownKeys) : oddKey }, { weight: 2, arbitrary: oddKey });
  const value = fc.oneof(
    { weight: 4, arbitrary: oddString.filter((s) => s.length <= 5_000).map(encodeLoose) },
    { weight: 2, arbitrary: fc.constantFrom(...ODD_NUMBERS.map(String), '1e400', '-1', '1.5', '0x10', ' 5', 'true', 'false').map(encodeLoose) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
  );
  const pair = fc.oneof(
    { weight: 6, arbitrary: fc.tuple(key.map(encodeLoose), value).map(([k, v]) => `${k}=${v}`) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('', '&', '=', '==', '%', 'a[b]=1', 'a[]=1', 'a.b=1', '__proto__[isAdmin]=true', 'constructor[prototype][x]=1', '%3D=%26'),
    },
  );
  return fc.array(pair, { maxLength: 5 }).map((pairs) => pairs.join('&'));
}

export type BodyChange = { kind: 'set'; key: string; value: FuzzValue } | { kind: 'delete'; key: string } | { kind: 'wrap' } | { kind: 'nest'; key: string };

/** A change to a valid body: one field odd, missing, or in a container; an extra (prototype) key; the whole in an array. */
export function bodyChange(keysOf: fc.Arbitrary<string>): fc.Arbitrary<BodyChange> {
  return fc.oneof(
    { weight: 8, arbitrary: fc.record({ kind: fc.constant('set' as const), key: keysOf, value: oddValue }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('set' as const), key: oddKey, value: oddValue }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), key: keysOf }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('nest' as const), key: keysOf }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'wrap' as const }) },
  );
}

/** The body with the change applied (a copy; an array body changes its first element). */
export function applyChange(body: FuzzValue, change: BodyChange): FuzzValue {
  if (change.kind === 'wrap') return [body];
  if (Array.isArray(body)) return body.length === 0 ? body : [applyChange(body[0]!, change), ...body.slice(1)];
  if (body === null || typeof body !== 'object' || body instanceof RawJson) return body;
  const entries = Object.keys(body).map((k): [string, FuzzValue] => [k, body[k]!]);
  if (change.kind === 'delete') return objectOf(entries.filter(([k]) => k !== change.key));
  if (change.kind === 'nest') return objectOf(entries.map(([k, v]) => [k, k === change.key ? [v] : v]));
  const i = entries.findIndex(([k]) => k === change.key);
  if (i >= 0) entries[i] = [change.key, change.value];
  else entries.push([change.key, change.value]);
  return objectOf(entries);
}
