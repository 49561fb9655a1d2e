/** Fields of a message an agent writes (drafts and sends): addresses and subject, checked so nothing can smuggle a header. */
import * as z from 'zod/mini';
import { CONTROL_OR_INVISIBLE } from '../../content/text-safety.ts';

export const NO_LINE_BREAKS = /^[^\r\n\u2028\u2029]*$/;
/** One address; display names are not taken here, so nothing can smuggle a header. */
export const Address = z.string().check(z.trim(), z.maxLength(254), z.refine((s) => !CONTROL_OR_INVISIBLE.test(s), 'must not contain control or invisible formatting characters (such as bidi controls)'), z.regex(/^[^\s@<>",;:()\\[\]]+@[^\s@<>",;:()\\[\]]+\.[^\s@<>",;:()\\[\]]+$/, 'must be an email address like name@example.com'));
/** Spec: `to` is a string; several recipients may be given as an array. */
export const Recipients = z.pipe(z.union([Address, z.array(Address).check(z.minLength(1), z.maxLength(50))]), z.transform((v) => (Array.isArray(v) ? v : [v])));
export const Subject = z.string().check(z.maxLength(998), z.regex(NO_LINE_BREAKS, 'must not contain line breaks'));
