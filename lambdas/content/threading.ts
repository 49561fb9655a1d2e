/**
 * Threading, the way mail clients do it: a reply joins the thread of the message it answers
 * (In-Reply-To), or failing that of any message it references (References, newest first).
 */

/** A References chain longer than this is trimmed to its newest ids: older ones add nothing. */
export const MAX_THREAD_CANDIDATES = 20;

/** `<abc@x>` → `abc@x`, lower-cased domain part is NOT assumed: ids are compared as sent. */
export function normalizeMessageId(id: string | undefined | null): string | undefined {
  if (!id) return undefined;
  const m = /<([^<>\s]+)>/.exec(id);
  const v = (m ? m[1]! : id.trim()).replace(/^<|>$/g, '');
  return v && v.length <= 998 ? v : undefined;
}

export function parseReferences(value: string | string[] | undefined | null): string[] {
  if (!value) return [];
  const text = Array.isArray(value) ? value.join(' ') : value;
  const ids = [...text.matchAll(/<([^<>\s]+)>/g)].map((m) => m[1]!);
  if (!ids.length) return text.split(/\s+/).map((s) => normalizeMessageId(s)).filter((s): s is string => !!s);
  return ids;
}

/** Message-IDs to look up, in order of preference. */
export function threadCandidates(inReplyTo: string | undefined, references: string[]): string[] {
  const out: string[] = [];
  const add = (id: string | undefined) => { if (id && !out.includes(id)) out.push(id); };
  add(normalizeMessageId(inReplyTo));
  for (let i = references.length - 1; i >= 0 && out.length < MAX_THREAD_CANDIDATES; i--) add(references[i]);
  return out.slice(0, MAX_THREAD_CANDIDATES);
}

/** First 100 characters of the body, whitespace folded (spec: thread preview). */
export const PREVIEW_LENGTH = 100;
export const preview = (text: string) => [...text.replace(/\s+/g, ' ').trim()].slice(0, PREVIEW_LENGTH).join('');
