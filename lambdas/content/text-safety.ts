/**
 * Control characters (C0, C1, line/paragraph separators) and invisible format characters: bidi
 * marks, embeddings, overrides and isolates (U+200E/F, U+202A-202E, U+2066-2069), zero-width
 * characters, the BOM. No email address needs one, and in an address they can make what a person
 * reads differ from where mail goes (or make the mail server refuse it after we accepted it).
 */
export const CONTROL_OR_INVISIBLE = /[\p{Cc}\p{Cf}\u2028\u2029]/u;
