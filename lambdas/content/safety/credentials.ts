/**
 * credential_request: the mail asks the reader to hand over a secret (password, one-time code,
 * PIN/TAN, API key, card data, security answers) by reply or through a form. Not: a code the
 * mail delivers, "we will never ask for your PIN", advice, reset links (choosing a new password
 * is not handing one over), requests for non-secret data.
 */
import { ASK, MONEY, NEGATION, SECRET } from './lexicon.ts';
import { excerpt, findAll, has, sentenceHas, type Family } from './text.ts';

/** How far apart (characters of folded text) a request and the secret it names may be. */
const ASK_WINDOW = 160;

/** A reply channel: the secret goes back by mail (also asked of a mail that delivers a code). */
const REPLY_ASK: Family = [
  'reply to this', 'reply with', 'respond with', 'respond to this', 'send us', 'send back', 'send me', 'antworten sie', 'responda',
  'responde', 'répondez', 'répondre', 'rispondi', '返信', '回复',
];

/** Words around a secret that mean the mail delivers it ("your code is 123456"). */
const DELIVERS: Family = [
  'your code is', 'your verification code is', 'your one time code is', 'here is your', 'use this code', 'use the code', 'enter this code',
  'ihr code lautet', 'ihr code', 'su código es', 'tu código es', 'votre code est', 'votre code', 'コードは', '验证码为', '验证码是', '您的验证码',
];

const hasDigits = (s: string, min: number) => {
  let run = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 48 && c <= 57) { if (++run >= min) return true; } else if (c !== 32 && c !== 45) run = 0;
  }
  return false;
};

/** The mail delivers a code: a "your code is" phrase, or a secret word with a 4+ digit value on its line. */
function deliversCode(folded: string): boolean {
  if (has(folded, DELIVERS)) return true;
  return findAll(folded, SECRET).some((h) => {
    const lineEnd = folded.indexOf('\n', h.end);
    return hasDigits(folded.slice(h.end, lineEnd < 0 ? h.end + 40 : Math.min(lineEnd, h.end + 40)), 4);
  });
}

/**
 * Choosing a new password (a reset the reader asked for) or changing it in the settings is not
 * handing one over.
 */
const NEW_SECRET: Family = [
  'new password', 'new pin', 'reset', 'change your', 'neues passwort', 'neue pin', 'ändern sie', 'nueva contraseña', 'cambie su',
  'cambia tu', 'nouveau mot de passe', 'changez votre', 'modifiez votre', '新しいパスワード', '変更', '新密码', '修改', '更改',
];

/** An unambiguous "never"/"not" (no bare "no" or "ne", which are other words in other languages): a request it negates is none. */
const NEVER: Family = [
  'never', 'not', 'don\'t', 'do not', 'won\'t', 'will not', 'didn\'t', 'did not', 'don’t', 'won’t', 'niemals', 'nie', 'nicht', 'nunca',
  'jamás', 'jamais', 'mai', 'nooit', '決して', '絶対に', '不会', '切勿', '请勿', '绝不', '从不',
];
const isReset = (folded: string, at: number) => sentenceHas(folded, at, NEW_SECRET);

/** A sentence that warns or negates ("we will never ask for your PIN", "don't include card details"). */
const negated = (folded: string, at: number) => sentenceHas(folded, at, NEGATION);

/**
 * The first request for a secret in folded text, as evidence; undefined when there is none.
 * A mail that delivers a code is asked only about the reply channel (it will say "enter it").
 */
export function credentialRequest(folded: string): string | undefined {
  const delivering = deliversCode(folded);
  const asks = findAll(folded, delivering ? REPLY_ASK : ASK);
  if (asks.length === 0) return undefined;
  const secrets = findAll(folded, SECRET);
  for (const s of secrets) {
    if (negated(folded, s.at) || isReset(folded, s.at)) continue;
    for (const a of asks) {
      if (Math.abs(a.at - s.at) > ASK_WINDOW || sentenceHas(folded, a.at, NEVER)) continue;
      return excerpt(folded, Math.min(a.at, s.at), Math.max(a.end, s.end));
    }
  }
  return undefined;
}

/** A request for money (wire, transfer, gift cards) that is not negated. */
export function moneyRequest(folded: string): string | undefined {
  for (const h of findAll(folded, MONEY)) {
    if (!negated(folded, h.at)) return excerpt(folded, h.at, h.end);
  }
  return undefined;
}

/** Whether a piece of text names a secret (used with an injection: an agent told to leak one). */
export const namesSecret = (folded: string) => findAll(folded, SECRET).some((h) => h.stem !== 'the code' && h.stem !== 'le code');
