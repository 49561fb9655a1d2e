/**
 * One-time code extraction.
 *
 * A token is only reported when something says it is a code: a label right before it
 * ("Your code is", "Bestätigungscode:"), a sentence right after it ("… is your Orbit
 * verification code"), an instruction ("Use 739201 to sign in"), or a line of its own
 * under such a label or in a big, spaced-out element of a mail that talks about codes.
 * Numbers labelled as something else (order, invoice, tracking, phone, booking …),
 * dates, times, prices, years, runs of digit groups (phone numbers, tracking numbers)
 * and anything inside a URL or an e-mail address are never codes.
 */
import type { Emphasis } from './html.ts';
import { MAX_CODES, MAX_CODE_CANDIDATES, MAX_CODE_CONTEXT_CHARS, MAX_CODE_WORD_CHARS } from './limits.ts';
import type { PreparedMail } from './prepare.ts';
import { fold, lineEndAfter, lineStartBefore, squash } from './text.ts';
import type { Confidence, VerificationCode } from './types.ts';
import { findTextUrls } from './url.ts';

interface Source {
  text: string;
  emphasis: Emphasis[];
}

interface Candidate {
  /** Normalised code as reported. */
  code: string;
  /** Raw text of the token(s) in the source. */
  start: number;
  end: number;
  /** mixed: letters and digits with lower case ("aB3dE9"), which ordinary words (mp3, win10) also are: believed only when labelled. */
  kind: 'digits' | 'alnum' | 'mixed' | 'letters';
  /** Leading character stripped from the token ('#' in "@site #123456"). */
  lead: string;
  prevWord: string;
  nextWord: string;
  /** Digits written apart, one per box; only believed on a line of their own. */
  spread?: boolean;
}

/* ---------------------------------------------------------------- vocabulary */

/** Nouns naming a one-time code; German compounds end in -code ("Bestätigungscode"). */
const CODE_NOUN = new RegExp(`^(?:[a-z]*code|codes|codigo|codigos|codice|kod|kode|koodi|pin|otp|passcode|tan|mtan|token|contrasena|senha|password|код|${
  // Greek, Arabic, Hebrew and Hindi words for "code" and "OTP", folded as tokens are (lower case, NFD, accents dropped).
  ['κωδικος', 'κωδικο', 'κωδικού', 'رمز', 'كود', 'קוד', 'कोड', 'ओटीपी'].map((w) => w.normalize('NFD').replace(/[\u0300-\u036f]/g, '')).join('|')})$`);
/**
 * Japanese, Chinese and Korean words for a (verification) code. These scripts do not
 * separate words, so the noun may sit anywhere in a token ("您的验证码是").
 */
const CJK_CODE_NOUN = new RegExp(`(?:${['コード', '验证码', '驗證碼', '校验码', '认证码', '动态码', '인증번호', '코드', 'รหัส'].map((w) => w.normalize('NFD')).join('|')})`);
/** Compound prefixes and neighbours that turn "code" into something else. */
const NEG_CODE_PREFIX = /^(?:bar|zip|post|postal|promo|gutschein|rabatt|aktions|qr|fehler|error|country|area|gift|discount|coupon|voucher|referral|tracking|sort|swift|tax|product|item|auth|authorization|approval|booking|order|invite|invitation|source|status|dial|access-|html|css|zugangs-?)$/;
const NEG_QUALIFIERS = new Set([
  'promo', 'promotional', 'discount', 'coupon', 'voucher', 'gift', 'referral', 'zip', 'postal', 'post', 'area', 'country',
  'dialing', 'dial-in', 'tracking', 'error', 'status', 'sort', 'swift', 'bic', 'tax', 'product', 'item', 'article', 'qr',
  'bar', 'auth', 'authorization', 'authorisation', 'approval', 'booking', 'order', 'reservation', 'source', 'invite',
  'invitation', 'fiscale', 'promocional', 'descuento', 'desconto', 'reduction', 'reduc', 'suivi', 'rastreio',
  'seguimiento', 'rastreamento', 'postale', 'pais', 'area', 'cupom', 'cupon', 'rabatt', 'gutschein',
]);
/** Labels that name a number as something other than a code. */
const NEG_LABEL = new Set([
  'order', 'orders', 'bestellung', 'bestellnummer', 'bestell-nr', 'auftrag', 'auftragsnummer', 'commande', 'pedido', 'encomenda',
  'ordine', 'invoice', 'rechnung', 'rechnungsnummer', 'facture', 'factura', 'fatura', 'receipt', 'beleg', 'recu', 'recibo',
  'tracking', 'sendung', 'sendungsnummer', 'suivi', 'seguimiento', 'rastreio', 'rastreamento', 'shipment', 'parcel', 'paket',
  'colis', 'ticket', 'case', 'reference', 'ref', 'referenz', 'referencia', 'booking', 'buchung', 'buchungsnummer',
  'reservation', 'reservierung', 'reserva', 'account', 'konto', 'kontonummer', 'compte', 'cuenta', 'conta', 'customer',
  'kunden', 'kundennummer', 'client', 'cliente', 'member', 'mitglied', 'membre', 'socio', 'id', 'ip', 'user', 'phone',
  'tel', 'telefon', 'telephone', 'telefono', 'telefone', 'fax', 'mobile', 'mobil', 'call', 'whatsapp', 'zip', 'postal',
  'postcode', 'plz', 'cep', 'cp', 'sku', 'item', 'article', 'artikel', 'serial', 'model', 'version', 'build', 'error',
  'status', 'iban', 'bic', 'vat', 'ust', 'ust-idnr', 'tax', 'steuer', 'hrb', 'hra', 'rcs', 'siret', 'siren', 'cnpj',
  'cpf', 'nif', 'nr', 'number', 'nummer', 'numero', 'num', 'report', 'request', 'transaction', 'transaktion',
  'flight', 'flug', 'vol', 'vuelo', 'voo', 'seat', 'gate', 'room', 'zimmer', 'chambre', 'habitacion', 'quarto', 'suite',
  'unit', 'apt', 'apartment', 'floor', 'street', 'st', 'ave', 'road', 'rd', 'box', 'po', 'commit', 'issue', 'pr',
  'card', 'karte', 'carte', 'tarjeta', 'cartao', 'ending', 'endet', 'expires', 'amount', 'total', 'betrag', 'montant',
  'importe', 'valor', 'price', 'preis', 'prix', 'precio', 'preco', 'cost', 'center', 'registered', 'company', 'ein',
  'abn', 'vat-id', 'patient', 'policy', 'claim', 'contract', 'vertrag', 'license', 'licence',
]);
/** Verbs that introduce a code to type. */
const ENTER_VERB = new Set([
  'use', 'enter', 'type', 'input', 'paste', 'eingeben', 'geben', 'verwenden', 'nutzen', 'utilisez', 'saisissez', 'entrez',
  'saisir', 'usa', 'utiliza', 'introduce', 'ingresa', 'digite', 'insira', 'use', 'informe', 'inserisci', 'gebruik', 'voer',
]);
/** Words after "use 123456 …" that confirm it is an access code. */
const ACCESS_AFTER = /\b(?:sign|log)[ -]?in|login|verif|confirm|continue|complete|finish|access|authenticat|reset|anmelden|bestatig|fortfahren|connecter|connexion|verifi|confirmer|continuer|iniciar|acceder|confirmar|continuar|entrar|acessar/;
/** Mail-level hint that codes are being sent. */
const CODE_MAIL = /\b(?:one[- ]time|verification|security|login|sign[- ]in|access|confirmation|authentication|2fa|two[- ]factor|otp|passcode)\b.{0,20}\bcode|\b[a-z]*(?:bestatigungs|sicherheits|einmal|anmelde|zugangs|verifizierungs)code|\bcode (?:de |di )?(?:verification|securite|confirmation|connexion|acces|verifica|accesso)|\bcodigo (?:de )?(?:verificacion|verificacao|seguranca|seguridad|acceso|acesso|confirmacion|confirmacao)|\bone[- ]time (?:pin|password)|\b(?:your|the|this|dein|ihr|votre|tu|seu|su|il tuo) (?:[a-z]+ )?(?:code|pin|codigo|codice)\b|\botp\b|\bpasscode\b/;
/** Sentences handing out a marketing code. (?<!\d): a run of digits is tried once, from its first digit. */
const PROMO_CONTEXT = /\bcheckout\b|(?<!\d)\d+ ?% (?:off|rabatt|de descuento|de desconto|de reduction|sconto)|\b(?:off|save) (?:your|everything|all|\d)|\bdiscount|\bsale\b|\bcoupon|\bpromo|\bvoucher|\brabatt|\bgutschein|\breduction|\bdescuento|\bdesconto|\bcupom|\bcupon|\bsconto|\bbei der bestellung|\bau moment de (?:la )?commande|\bal (?:finalizar|pagar)|\bno carrinho/;
/** Mails carrying meeting dial-in details: their passcodes are reusable, not one-time. */
const MEETING_MAIL = /\bmeeting id\b|\bwebinar id\b|\bconference id\b|\bone tap mobile\b|\bjoin by phone\b|\bdial[- ]in\b|\bbesprechungs-id\b|\bid de (?:la )?reunion\b|\bid da reuniao\b|\bid de reunion\b/;
/** Mails where a "PIN" is a booking or dial-in reference. */
const REFERENCE_MAIL = /\b(?:booking|reservation|buchung|reservierung|reserva|reservation|itinerary|check-in|dial-in|join by phone|conference|confirmation number|order number|bestellnummer)\b/;

const CURRENCY_WORD = /^(?:[$€£¥₹]|usd|eur|gbp|chf|jpy|cad|aud|nzd|brl|mxn|r\$|nz\$|us\$|a\$|c\$|usdc|btc|eth)$/;
const UNIT_WORD = /^(?:kg|g|km|m|mi|miles|mb|gb|tb|kb|%|h|hrs|hours|min|mins|minutes|minuten|sec|seconds|days|tage|jours|dias|points|pts|steps|ms|px|dpi|rpm|mph|kcal|cal|eur|usd|gbp|€|\$|£)$/;
const MONTHS = /^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec|januar|februar|marz|mai|juni|juli|august|september|oktober|november|dezember|janvier|fevrier|mars|avril|juin|juillet|aout|septembre|octobre|novembre|decembre|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre|janeiro|fevereiro|marco|maio|junho|julho|setembro|outubro|novembro|dezembro|january|february|march|april|june|july|october|november|december)\.?,?$/;

/* ---------------------------------------------------------------- masking */

/** Blank out URLs and e-mail addresses (same length, so offsets stay valid). */
function maskLinks(text: string): string {
  const spans: Array<[number, number]> = [];
  for (const u of findTextUrls(text)) spans.push([u.start, u.end]);
  const www = /\bwww\.[^\s<>"]+/gi;
  let m: RegExpExecArray | null;
  while ((m = www.exec(text)) !== null) spans.push([m.index, m.index + m[0].length]);
  // e-mail addresses: expand around each '@' over address characters, bounded.
  for (let at = text.indexOf('@'); at !== -1; at = text.indexOf('@', at + 1)) {
    let l = at;
    while (l > 0 && at - l < 64 && /[\w.+%-]/.test(text.charAt(l - 1))) l--;
    let r = at + 1;
    while (r < text.length && r - at < 255 && /[\w.-]/.test(text.charAt(r))) r++;
    if (l < at && r > at + 1) spans.push([l, r]);
  }
  if (spans.length === 0) return text;
  spans.sort((a, b) => a[0] - b[0]);
  const out: string[] = [];
  let pos = 0;
  for (const [s, e] of spans) {
    if (e <= pos) continue;
    const from = Math.max(s, pos);
    out.push(text.slice(pos, from), ' '.repeat(e - from));
    pos = e;
  }
  out.push(text.slice(pos));
  return out.join('');
}

/* ---------------------------------------------------------------- candidates */

const STRIP_LEAD = /^[([{"'«“„‚*#（「【［]+/;
// Each trailing strip starts only where its run starts, (?<![…]): a plain `[…]+$` retries from
// every character of a long run that does not end the string (quadratic).
const STRIP_TRAIL = /(?<![)\]}"'»”*.,;:!?，。、！？；）」】］])[)\]}"'»”*.,;:!?，。、！？；）」】］]+$/;
const DIGIT_GROUP = /^[+(]?\d[\d()\-./]*$/;
/** The characters STRIP_LEAD and STRIP_TRAIL strip. */
const LEAD_MARKS = '([{"\'«“„‚*#（「【［';
const TRAIL_MARKS = ')]}"\'»”*.,;:!?，。、！？；）」】］';

function isDate(groups: string[]): boolean {
  const [a, b, c] = groups.map(Number);
  if (groups.length !== 3 || a === undefined || b === undefined || c === undefined) return false;
  const ymd = groups[0]?.length === 4 && b >= 1 && b <= 12 && c >= 1 && c <= 31;
  const dmy = groups[2]?.length === 4 && a >= 1 && a <= 31 && b >= 1 && b <= 31;
  return ymd || dmy;
}

interface Word {
  raw: string;
  core: string;
  lead: string;
  start: number;
  end: number;
}

function words(text: string): Word[] {
  const out: Word[] = [];
  // Colons and CJK punctuation separate too: "確認コード：482913", "code:123456",
  // "验证码是 482913，5分钟内有效" (CJK text has no spaces after punctuation).
  // A change between a script written without spaces (Chinese, Japanese, Thai; Korean particles)
  // and Latin letters or digits separates too: "您的验证码是482913", "인증번호는X7Y8Z9입니다".
  const re = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}\p{sc=Thai}ー]+|[^\s:：，。、；！？\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}\p{sc=Thai}ー]+/gu;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) {
    const raw = m[0];
    if (raw.length > MAX_CODE_WORD_CHARS) {
      out.push({ raw: '', core: '', lead: '', start: m.index, end: m.index + raw.length });
      continue;
    }
    // Most words start and end with a letter or digit: the regexes only run where a mark may be stripped.
    const lead = LEAD_MARKS.includes(raw[0]!) ? STRIP_LEAD.exec(raw)?.[0] ?? '' : '';
    const trail = TRAIL_MARKS.includes(raw[raw.length - 1]!) ? STRIP_TRAIL.exec(raw.slice(lead.length))?.[0] ?? '' : '';
    const core = raw.slice(lead.length, raw.length - trail.length);
    out.push({ raw, core, lead, start: m.index + lead.length, end: m.index + lead.length + core.length });
  }
  return out;
}

/** Clause marks of scripts written without spaces: they end what a word before or after them belongs to. */
const CLAUSE_MARK = /[，。、；！？]/;

function candidatesOf(text: string): Candidate[] {
  const ws = words(text);
  const out: Candidate[] = [];
  const wordAt = (i: number) => ws[i]?.raw ?? '';
  for (let i = 0; i < ws.length && out.length < MAX_CODE_CANDIDATES; i++) {
    const w = ws[i];
    if (w && w.raw.length === 1 && w.raw >= '0' && w.raw <= '9') {
      // One digit per box: "4 8 2 9 1 3" on a line of its own.
      let j = i;
      while (j + 1 < ws.length && /^\d$/.test(ws[j + 1]?.raw ?? '') && /^[ \t]+$/.test(text.slice(ws[j]?.end ?? 0, ws[j + 1]?.start ?? 0))) j++;
      const n = j - i + 1;
      if (n >= 4 && n <= 8) {
        const last = ws[j];
        if (last) {
          const digits = ws.slice(i, j + 1).map((x) => x.raw).join('');
          out.push({ code: digits, start: w.start, end: last.end, kind: 'digits', lead: '', prevWord: wordAt(i - 1), nextWord: wordAt(j + 1), spread: true });
        }
      }
      i = j;
      continue;
    }
    if (!w || w.core.length < 4) {
      // "771 204": two three-digit groups standing alone.
      const next = ws[i + 1];
      if (
        w && next && /^\d{3}$/.test(w.core) && w.raw === w.core && /^\d{3}$/.test(next.core) &&
        text.slice(w.end, next.start) === ' ' &&
        !DIGIT_GROUP.test(wordAt(i - 1)) && !DIGIT_GROUP.test(wordAt(i + 2)) && !/^[#]/.test(next.raw)
      ) {
        out.push({ code: w.core + next.core, start: w.start, end: next.end, kind: 'digits', lead: w.lead, prevWord: wordAt(i - 1), nextWord: wordAt(i + 2) });
        i++;
      }
      continue;
    }
    const core = w.core;
    let code: string | undefined;
    let kind: Candidate['kind'] = 'digits';
    // Every shape but two letter groups holds a digit: most words are tested once.
    if (!/\d/.test(core)) {
      if (/^[A-Z]{3,5}-[A-Z]{3,5}$/.test(core)) {
        code = core;
        kind = 'letters';
      }
    } else if (/^\d{4,10}$/.test(core)) code = core;
    else if (/^\d{2,5}(?:-\d{2,5}){1,2}$/.test(core)) {
      const groups = core.split('-');
      const joined = groups.join('');
      if (!isDate(groups) && joined.length >= 4 && joined.length <= 10) code = joined;
    } else if (/^[A-Z]-\d{4,8}$/.test(core)) code = core.slice(2);
    else if (/^[A-Z0-9]{3,5}-[A-Z0-9]{3,5}$/.test(core) && /[A-Z]/.test(core)) {
      code = core;
      kind = 'alnum';
    } else if (/^[A-Z0-9]{5,10}$/.test(core) && /[A-Z]/.test(core)) {
      code = core;
      kind = 'alnum';
    } else if (/^[A-Za-z0-9]{5,10}$/.test(core) && /[a-z]/.test(core)) {
      code = core;
      kind = 'mixed';
    }
    if (code === undefined) continue;
    // A neighbour across a clause mark ("482913，5分钟内有效") is no part of the token's number run or unit.
    const prevWord = CLAUSE_MARK.test(text.slice(ws[i - 1]?.end ?? 0, w.start)) ? '' : wordAt(i - 1);
    const nextWord = CLAUSE_MARK.test(text.slice(w.end, ws[i + 1]?.start ?? w.end)) ? '' : wordAt(i + 1);
    out.push({ code, start: w.start, end: w.end, kind, lead: w.lead, prevWord, nextWord });
  }
  return out;
}

/* ---------------------------------------------------------------- context */

const BOUNDARY = /[.!?](?=\s)|[·|•\n]/g;

/** Bounds of the line around [start, end), looking at most LINE_WINDOW characters either way. */
const LINE_WINDOW = 400;
function lineBounds(text: string, start: number, end: number): [number, number] {
  return [lineStartBefore(text, start, LINE_WINDOW), lineEndAfter(text, end, LINE_WINDOW)];
}

/** Sentence around [start, end): split at sentence punctuation and separators. */
function sentenceBounds(text: string, start: number, end: number): [number, number] {
  const [ls, le] = lineBounds(text, start, end);
  const from = Math.max(ls, start - 200);
  const to = Math.min(le, end + 200);
  let s = from;
  BOUNDARY.lastIndex = 0;
  const before = text.slice(from, start);
  let m: RegExpExecArray | null;
  while ((m = BOUNDARY.exec(before)) !== null) s = from + m.index + m[0].length;
  BOUNDARY.lastIndex = 0;
  const afterMatch = BOUNDARY.exec(text.slice(end, to));
  const e = afterMatch ? end + afterMatch.index + 1 : to;
  return [s, e];
}

function previousLine(text: string, lineStart: number): string {
  let end = lineStart - 1;
  for (let tries = 0; tries < 4 && end > 0; tries++) {
    const s = lineStartBefore(text, end, 240);
    const line = text.slice(s, end).trim();
    if (line.length > 0) return line;
    end = s - 1;
  }
  return '';
}

function tokens(folded: string): string[] {
  // Latin, Cyrillic, Greek, Hebrew, Arabic, Devanagari (with its vowel signs), Thai, Hangul, kana and CJK letters make words.
  return folded.split(/[^a-z0-9#'\-\u0370-\u03ff\u0400-\u04ff\u0590-\u05ff\u0600-\u06ff\u0900-\u097f\u0e00-\u0e7f\u1100-\u11ff\u3040-\u30ff\u3099\u309a\u3400-\u9fff\uac00-\ud7af]+/).filter((t) => t.length > 0);
}

type Label = { kind: 'positive'; noun: string; distance: number } | { kind: 'negative' } | { kind: 'none' };

function isCodeNoun(t: string): boolean {
  if (CJK_CODE_NOUN.test(t)) return true;
  if (!CODE_NOUN.test(t)) return false;
  if (t.endsWith('code') && t.length > 4) {
    const prefix = t.slice(0, -4).replace(/s$/, '').replace(/-$/, '');
    if (NEG_CODE_PREFIX.test(prefix)) return false;
  }
  return true;
}

/** What the words before a token call it, nearest label first. */
function labelBefore(beforeFolded: string, maxDistance = 10): Label {
  const ts = tokens(beforeFolded);
  for (let i = ts.length - 1, d = 0; i >= 0 && d < maxDistance; i--, d++) {
    const t = ts[i] ?? '';
    if (isCodeNoun(t)) {
      if (t === 'password' || t === 'senha' || t === 'contrasena') {
        // "password" only counts as "one-time password"
        if (!/one-?time|einmal|temporar|temporair|temporal/.test(ts.slice(Math.max(0, i - 2), i).join(' '))) continue;
      }
      const prev = ts[i - 1] ?? '';
      const next = ts[i + 1] ?? '';
      const next2 = ts[i + 2] ?? '';
      if (NEG_QUALIFIERS.has(prev) || NEG_QUALIFIERS.has(next) || (next === 'de' && NEG_QUALIFIERS.has(next2))) return { kind: 'negative' };
      if (prev === 'confirmation' && next === 'number') return { kind: 'negative' };
      // "PIN code: 7731" is a PIN, whatever noun follows
      return { kind: 'positive', noun: prev === 'pin' ? 'pin' : t, distance: d };
    }
    if (NEG_LABEL.has(t) || t === '#' || /^#/.test(t)) return { kind: 'negative' };
  }
  return { kind: 'none' };
}

/**
 * What a line introducing a code on the next line calls it ("Your verification code:",
 * "Here is the code you need to log in to account dana42:"). Unlike labelBefore, words
 * after the noun are the rest of a sentence, not a label — unless the line itself ends
 * in a label such as "Tracking number:".
 */
function labelLine(lineFolded: string): Label {
  const ts = tokens(lineFolded);
  const last = ts[ts.length - 1] ?? '';
  const lastTwo = ts.slice(-2).join(' ');
  if (NEG_LABEL.has(last) && !isCodeNoun(last)) return { kind: 'negative' };
  if (lastTwo === 'confirmation number') return { kind: 'negative' };
  for (let i = 0; i < ts.length; i++) {
    const t = ts[i] ?? '';
    if (!isCodeNoun(t) || t === 'password' || t === 'senha' || t === 'contrasena') continue;
    const prev = ts[i - 1] ?? '';
    const next = ts[i + 1] ?? '';
    if (NEG_QUALIFIERS.has(prev) || NEG_QUALIFIERS.has(next)) return { kind: 'negative' };
    return { kind: 'positive', noun: prev === 'pin' ? 'pin' : t, distance: ts.length - 1 - i };
  }
  return { kind: 'none' };
}

/** "482913 is your Orbit verification code": a code noun right after a copula. */
function labelAfter(afterFolded: string): Label {
  const ts = tokens(afterFolded);
  if (ts.length === 0) return { kind: 'none' };
  const copula = /^(?:is|ist|est|es|e|sera|will|=|lautet|as|como)$/;
  const first = ts[0] ?? '';
  if (!copula.test(first)) return { kind: 'none' };
  for (let i = 1; i < Math.min(ts.length, 8); i++) {
    const t = ts[i] ?? '';
    if (isCodeNoun(t) && t !== 'password' && t !== 'senha' && t !== 'contrasena') {
      const next = ts[i + 1] ?? '';
      if (NEG_QUALIFIERS.has(ts[i - 1] ?? '') || NEG_QUALIFIERS.has(next)) return { kind: 'negative' };
      return { kind: 'positive', noun: t, distance: i };
    }
    if (NEG_LABEL.has(t)) return { kind: 'negative' };
  }
  return { kind: 'none' };
}

/* ---------------------------------------------------------------- scoring */

interface Found {
  code: string;
  rank: number;
  context: string;
  order: number;
}

const RANK: Record<Confidence, number> = { high: 3, medium: 2, low: 1 };

function contextAround(text: string, s: number, e: number, codeStart: number): string {
  const sentence = squash(text.slice(s, e));
  if (sentence.length <= MAX_CODE_CONTEXT_CHARS) return sentence;
  const rel = Math.max(0, squash(text.slice(s, codeStart)).length);
  const from = Math.max(0, Math.min(rel - 50, sentence.length - MAX_CODE_CONTEXT_CHARS));
  return sentence.slice(from, from + MAX_CODE_CONTEXT_CHARS).trim();
}

function judge(
  text: string,
  original: string,
  c: Candidate,
  emphasis: Emphasis[],
  codeMail: boolean,
  referenceMail: boolean,
  meetingMail: boolean,
): { confidence: Confidence; context: string } | undefined {
  // Shape vetoes: parts of number runs (phones, tracking numbers), money, units, years, dates.
  if (DIGIT_GROUP.test(c.prevWord) || DIGIT_GROUP.test(c.nextWord.replace(/[.,;:]$/, ''))) return undefined;
  const prevFolded = fold(c.prevWord);
  const nextFolded = fold(c.nextWord).replace(/(?<![.,;:!?)])[.,;:!?)]+$/, '');
  if (CURRENCY_WORD.test(prevFolded.replace(/(?<!:):+$/, '')) || UNIT_WORD.test(nextFolded) || CURRENCY_WORD.test(nextFolded)) return undefined;
  if (MONTHS.test(prevFolded) || MONTHS.test(nextFolded)) return undefined;
  // "No. 11842260", "Nr. 40028922", "# 5521"
  if (/^(?:no|n°|nº|nr|#)\.?:?$/.test(prevFolded)) return undefined;
  const ch = text.charAt(c.end);
  if (ch === ':' && /\d/.test(text.charAt(c.end + 1))) return undefined; // a time
  const isYear = c.kind === 'digits' && c.code.length === 4 && /^(?:19|20)\d\d$/.test(c.code);

  const [ls, le] = lineBounds(text, c.start, c.end);
  const [ss, se] = sentenceBounds(text, c.start, c.end);
  // "#" before the digits names a number ("Order #482913") except in the origin-bound
  // one-time-code line "@orbit.chat #482913" (WebOTP format).
  const originBound = c.lead === '#' && c.prevWord.startsWith('@');
  if (c.lead.includes('#') && !originBound) return undefined;
  const wordStart = c.start - c.lead.length;
  const beforeFolded = fold(text.slice(Math.max(ss, wordStart - 120), wordStart));
  const afterFolded = fold(text.slice(c.end, Math.min(se, c.end + 80)));
  const line = text.slice(ls, le).trim().replace(/^[\s\-*•>#:]+/, '').replace(/(?<![\s.!:])[\s.!:]+$/, '');
  const standalone = line === text.slice(c.start, c.end).trim();

  let before = labelBefore(beforeFolded);
  const after = labelAfter(afterFolded);
  if (before.kind === 'negative' || after.kind === 'negative') return undefined;
  if (before.kind === 'positive' && before.noun === 'pin' && referenceMail && !/one-?time|einmal/.test(beforeFolded)) return undefined;
  if (meetingMail && (before.kind === 'positive' || c.kind === 'digits') && !/one-?time|verif|einmal|bestatig/.test(beforeFolded)) return undefined;
  if (PROMO_CONTEXT.test(fold(text.slice(ss, se)))) return undefined;

  const emphasised = emphasis.some((e) => e.strength === 2 && e.start <= c.start + 1 && e.end >= c.end - 1 && e.end - e.start <= c.end - c.start + 12);

  let confidence: Confidence | undefined;
  // Context comes from the unmasked text: same offsets, URLs still readable.
  let context = contextAround(original, ss, se, c.start);

  // "@orbit.chat #482913" — the origin-bound one-time-code line (WebOTP format).
  if (originBound) confidence = 'high';
  else if (before.kind === 'positive' && before.distance <= 6) confidence = 'high';
  else if (after.kind === 'positive') confidence = 'high';
  else if (before.kind === 'positive') confidence = 'medium';

  if (confidence === undefined) {
    const prevTokens = tokens(beforeFolded).slice(-3);
    if (prevTokens.some((t) => ENTER_VERB.has(t))) {
      if (ACCESS_AFTER.test(afterFolded) || codeMail) confidence = ACCESS_AFTER.test(afterFolded) ? 'high' : 'medium';
    }
  }

  if (confidence === undefined && standalone) {
    before = labelLine(fold(previousLine(text, ls)));
    context = squash(`${previousLine(original, ls)} ${original.slice(ls, le).trim()}`);
    // keep the end, where the code is
    if (context.length > MAX_CODE_CONTEXT_CHARS) context = `…${context.slice(-(MAX_CODE_CONTEXT_CHARS - 1)).trimStart()}`;
    if (before.kind === 'negative') return undefined;
    if (before.kind === 'positive' && !(before.noun === 'pin' && referenceMail)) confidence = 'high';
    else if (previousLine(text, ls).endsWith(':') && codeMail) confidence = 'medium';
    else if (emphasised && codeMail) confidence = 'medium';
    else if (codeMail && c.kind !== 'letters' && c.kind !== 'mixed') confidence = 'low';
  }

  if (confidence === undefined) return undefined;
  if (c.spread && !standalone) return undefined;
  if ((c.kind === 'letters' || c.kind === 'mixed') && confidence !== 'high') return undefined;
  if (c.kind === 'alnum' && confidence === 'low') return undefined;
  if (isYear && !(before.kind === 'positive' && before.distance <= 2) && after.kind !== 'positive') return undefined;
  if (emphasised && confidence === 'medium' && codeMail) confidence = 'high';
  if (context.length > MAX_CODE_CONTEXT_CHARS) context = context.slice(0, MAX_CODE_CONTEXT_CHARS).trim();
  return { confidence, context };
}

export function extractCodes(mail: PreparedMail): VerificationCode[] {
  const sources: Source[] = [];
  if (mail.subject) sources.push({ text: mail.subject, emphasis: [] });
  if (mail.text) sources.push({ text: mail.text, emphasis: [] });
  if (mail.html) {
    const shortEmphasis = mail.html.emphasis.filter((e) => e.end - e.start <= MAX_CODE_WORD_CHARS);
    sources.push({ text: mail.html.text, emphasis: shortEmphasis });
  }

  const everything = fold(sources.map((s) => s.text.slice(0, 64 * 1024)).join('\n'));
  const codeMail = CODE_MAIL.test(everything);
  const referenceMail = REFERENCE_MAIL.test(everything);
  const meetingMail = MEETING_MAIL.test(everything);

  const found = new Map<string, Found>();
  let order = 0;
  for (const source of sources) {
    const text = maskLinks(source.text);
    for (const c of candidatesOf(text)) {
      const verdict = judge(text, source.text, c, source.emphasis, codeMail, referenceMail, meetingMail);
      if (!verdict) continue;
      const key = c.code.toUpperCase().replace(/[-\s]/g, '');
      const rank = RANK[verdict.confidence];
      const prev = found.get(key);
      if (!prev) found.set(key, { code: c.code, rank, context: verdict.context, order: order++ });
      else if (rank > prev.rank) {
        prev.rank = rank;
        prev.context = verdict.context;
      }
    }
  }

  const byRank: Confidence[] = ['low', 'low', 'medium', 'high'];
  return [...found.values()]
    .sort((a, b) => b.rank - a.rank || a.order - b.order)
    .slice(0, MAX_CODES)
    .map((f) => ({ code: f.code, confidence: byRank[f.rank] ?? 'low', context: f.context }));
}
