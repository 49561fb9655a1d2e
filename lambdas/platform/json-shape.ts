/**
 * Shape checks for JSON a client sends. Every walk here uses an explicit stack, never recursion:
 * a value nested a million levels deep costs a loop, not a stack overflow (JSON.stringify and the
 * DynamoDB marshaller are recursive and would overflow on it).
 */

/**
 * Nesting of a whole request body, checked on the raw text before it is parsed. The API's own
 * bodies nest 3 levels; free-form fields add at most FREE_JSON_MAX_DEPTH more. Far below the
 * few thousand levels where recursive serialisers overflow.
 */
export const MAX_BODY_DEPTH = 32;

/**
 * Free-form JSON (inbox metadata, notification context): DynamoDB stores at most 32 levels of
 * nested attributes, and the field itself sits a level or two down its item; no real metadata
 * needs more than a handful.
 */
export const FREE_JSON_MAX_DEPTH = 16;

/**
 * Keys of free-form JSON are names, not data. Empty keys are refused: DynamoDB cannot store an
 * empty map key (the emulator stored it corrupted, and every later read of the item failed).
 */
export const FREE_JSON_MAX_KEY_LENGTH = 256;

/**
 * Numbers DynamoDB can store: 0, or a magnitude from 1e-130 to below 1e126 (its number type; 38
 * digits of precision, which every JSON double fits). JSON can say 1e300 or 1e-300.
 */
export const STORABLE_NUMBER_MIN = 1e-130;
export const STORABLE_NUMBER_MAX = 1e126;
const storable = (n: number) => n === 0 || (Math.abs(n) >= STORABLE_NUMBER_MIN && Math.abs(n) < STORABLE_NUMBER_MAX);

export type JsonPath = (string | number)[];

/**
 * The deepest nesting of `[`/`{` in JSON text, counting only outside strings; stops early once
 * past `max`. Works on any text: for malformed JSON the parser's own error follows.
 */
export function jsonTextDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) { if (++depth > max) return true; }
    else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

const isContainer = (v: unknown): v is Record<string, unknown> | unknown[] => typeof v === 'object' && v !== null;

/** A path as a chain of links to the parent: pushing a child costs O(1), not a copy. */
interface PathLink { parent: PathLink | undefined; key: string | number }
const toPath = (link: PathLink | undefined): JsonPath => {
  const path: JsonPath = [];
  for (let l = link; l; l = l.parent) path.push(l.key);
  return path.reverse();
};

/**
 * The path of the first string (value or object key) that is not well-formed Unicode — a lone
 * UTF-16 surrogate, which JSON's \ud800 escape can carry but UTF-8 (and so every store) cannot.
 */
export function findIllFormedString(value: unknown): { path: JsonPath; inKey: boolean } | undefined {
  const stack: { v: unknown; at: PathLink | undefined }[] = [{ v: value, at: undefined }];
  while (stack.length) {
    const { v, at } = stack.pop()!;
    if (typeof v === 'string') {
      if (!v.isWellFormed()) return { path: toPath(at), inKey: false };
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], at: { parent: at, key: i } });
    } else if (isContainer(v)) {
      const entries = Object.entries(v);
      for (const [k] of entries) if (!k.isWellFormed()) return { path: toPath(at), inKey: true };
      for (let i = entries.length - 1; i >= 0; i--) stack.push({ v: entries[i]![1], at: { parent: at, key: entries[i]![0] } });
    }
  }
  return undefined;
}

export interface FreeJsonLimits { maxDepth: number; maxKeyLength: number }

/** Depth, key shape and numbers of free-form JSON: the first problem, with the path where it is. */
export function freeJsonProblem(value: unknown, limits: FreeJsonLimits = { maxDepth: FREE_JSON_MAX_DEPTH, maxKeyLength: FREE_JSON_MAX_KEY_LENGTH }):
  { path: JsonPath; message: string } | undefined {
  const stack: { v: unknown; path: JsonPath; depth: number }[] = [{ v: value, path: [], depth: 0 }];
  while (stack.length) {
    const { v, path, depth } = stack.pop()!;
    if (typeof v === 'number' && !storable(v)) {
      return { path, message: `holds the number ${v}, which cannot be stored: numbers must be 0 or of magnitude 1e-130 to below 1e126` };
    }
    if (!isContainer(v)) continue;
    if (depth + 1 > limits.maxDepth) return { path, message: `nests deeper than ${limits.maxDepth} levels` };
    if (Array.isArray(v)) {
      v.forEach((item, i) => stack.push({ v: item, path: [...path, i], depth: depth + 1 }));
      continue;
    }
    for (const [k, item] of Object.entries(v)) {
      if (k.length === 0) return { path, message: 'has an empty key; keys must be 1-' + limits.maxKeyLength + ' characters' };
      if (k.length > limits.maxKeyLength) return { path, message: `has a key of ${k.length} characters; keys must be 1-${limits.maxKeyLength} characters` };
      stack.push({ v: item, path: [...path, k], depth: depth + 1 });
    }
  }
  return undefined;
}
