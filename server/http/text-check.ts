/** How deep a request value may nest; JSON bodies are held to the same limit before they are parsed. */
export const MAX_DEPTH = 64;

export type TextProblem = 'nul' | 'surrogate' | 'depth';

export interface TextFault {
  problem: TextProblem;
  /** Keys from the top of the value down to the faulty string, key or container (see printableKey). */
  path: string[];
}

// PostgreSQL text cannot hold NUL; a lone surrogate is not text at all (it has no UTF-8 form).
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The characters no text column can store: NUL, and a surrogate without its other half. */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this must find
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A key as a fault's path shows it: NUL and lone surrogates written as `\u` escapes. The path goes
 * into the error message, and a pushed mutation's refusal is stored (jsonb): a message holding the
 * very character it refuses could not be, and the whole push would fail.
 */
export function printableKey(key: string): string {
  return key.replace(UNSTORABLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function textProblem(text: string): TextProblem | null {
  if (text.includes('\u0000')) return 'nul';
  return LONE_SURROGATE.test(text) ? 'surrogate' : null;
}

interface Frame {
  value: unknown;
  key: string | null;
  parent: Frame | null;
  depth: number;
}

function pathOf(frame: Frame, key?: string): string[] {
  const path: string[] = key === undefined ? [] : [key];
  for (let f: Frame | null = frame; f && f.key !== null; f = f.parent) path.push(f.key);
  return path.reverse().map(printableKey);
}

/**
 * The first string or key of a request value that no text column can store, or the first container
 * nested past `maxDepth` (the top value is level 1). Walks with an explicit stack, so no input can
 * overflow the call stack, and builds a path only for the fault it reports.
 */
export function findTextFault(value: unknown, maxDepth = MAX_DEPTH): TextFault | null {
  const stack: Frame[] = [{ value, key: null, parent: null, depth: 1 }];
  while (stack.length > 0) {
    const frame = stack.pop()!;
    const v = frame.value;
    if (typeof v === 'string') {
      const problem = textProblem(v);
      if (problem) return { problem, path: pathOf(frame) };
      continue;
    }
    if (!v || typeof v !== 'object') continue;
    if (frame.depth > maxDepth) return { problem: 'depth', path: pathOf(frame) };
    const keys = Array.isArray(v) ? null : Object.keys(v);
    if (keys) {
      for (const key of keys) {
        const problem = textProblem(key);
        if (problem) return { problem, path: pathOf(frame, key) };
      }
    }
    const entries: [string, unknown][] = keys ? keys.map((k) => [k, (v as Record<string, unknown>)[k]]) : (v as unknown[]).map((item, i) => [String(i), item]);
    // Reversed onto the stack, so the first fault in reading order is the one reported.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, inner] = entries[i]!;
      stack.push({ value: inner, key, parent: frame, depth: frame.depth + 1 });
    }
  }
  return null;
}

/** The message for a fault, naming the field as the API's other 400s do (`where` is e.g. 'Query '). */
export function textFaultMessage(fault: TextFault, where: string, maxDepth = MAX_DEPTH): string {
  if (fault.problem === 'depth') return `The request ${where.trim().toLowerCase() || 'body'} is nested too deeply (at most ${maxDepth} levels)`;
  const field = fault.path.length ? `${fault.path.join('.')}: ` : '';
  const text = fault.problem === 'nul' ? 'Remove the NUL character from the text' : 'The text holds an invalid character (a lone UTF-16 surrogate); remove it';
  return `${where}${field}${text}`;
}
