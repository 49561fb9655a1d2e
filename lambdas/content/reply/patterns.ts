/**
 * Line-level recognisers for reply extraction. Every function takes one already-normalised
 * line (see lines.ts) or a few joined lines, bounded by the caps in limits.ts.
 *
 * Regex safety: patterns are anchored or start with a literal alternation, and no pattern
 * nests quantifiers, so each test is linear in the (capped) line length. Address detection
 * is procedural for the same reason.
 */

import { CLIENT_FORWARD_PHRASES, CLIENT_HEADER_LABELS, CLIENT_ORIGINAL_PHRASES, isClientAttribution } from './client-templates.ts';
import { MAX_ATTRIBUTION_CHARS } from './limits.ts';
import { ruleOn } from './rules.ts';

/** Escapes a literal for use inside a RegExp. */
const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const alternation = (words: readonly string[]) =>
  [...words].sort((a, b) => b.length - a.length).map(esc).join('|');

// ---------------------------------------------------------------------------------------
// Addresses, dates, URLs, phones

/** True when `s` contains something shaped like local@domain.tld (no regex backtracking). */
export function hasEmail(s: string): boolean {
  let at = s.indexOf('@');
  while (at !== -1) {
    if (at > 0 && isAddrChar(s.charCodeAt(at - 1))) {
      let j = at + 1;
      let dot = false;
      let afterDot = 0;
      while (j < s.length && isAddrChar(s.charCodeAt(j))) {
        if (s.charCodeAt(j) === 0x2e) {
          dot = true;
          afterDot = 0;
        } else if (dot) afterDot++;
        j++;
      }
      if (dot && afterDot >= 2) return true;
    }
    at = s.indexOf('@', at + 1);
  }
  return false;
}

function isAddrChar(c: number): boolean {
  return (
    (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) ||
    c === 0x2e || c === 0x2d || c === 0x5f || c === 0x2b || c === 0x27 || c > 0x7f
  );
}

/** A clock time (10:15, 17.50, 10h15) or a year or a numeric/CJK date. */
const DATEISH = /\d{1,2}[:.h]\d{2}(?!\d)|(?<!\d)(?:19|20)\d{2}(?!\d)|\d{1,2}[./-]\d{1,2}[./-]\d{2,4}|\d\s?[年月日]/;
const CLOCK = /\d{1,2}[:.]\d{2}(?!\d)/;
/** A calendar date: a year, a numeric day and month, or a CJK date. */
const CALENDAR = /(?<!\d)(?:19|20)\d{2}(?!\d)|\d{1,2}[./-]\d{1,2}[./-]\d{2,4}|\d\s?[年月日]/;
export const hasDate = (s: string) => DATEISH.test(s);

const URL_RE = /(?:https?:\/\/|www\.)\S/i;
export const hasUrl = (s: string) => URL_RE.test(s);

/** Seven or more digits in a phone-like run: "(555) 346-9947", "+44 20 7946 0958", "t. 555-931-0702". */
export function hasPhone(s: string): boolean {
  let digits = 0;
  let best = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x30 && c <= 0x39) digits++;
    else if (c === 0x20 || c === 0x2d || c === 0x2e || c === 0x28 || c === 0x29 || c === 0x2b || c === 0x2f) continue;
    else {
      best = Math.max(best, digits);
      digits = 0;
    }
  }
  return Math.max(best, digits) >= 7;
}

// ---------------------------------------------------------------------------------------
// Attribution lines ("On … wrote:" and its translations)

const LATIN_VERBS = [
  'wrote', 'writes', 'has written',
  'schrieb', 'hat geschrieben', 'geschrieben',
  'a écrit', 'a ecrit', 'écrit',
  'escribió', 'escribio', 'ha escrito',
  'escreveu', 'escrevera',
  'ha scritto', 'scrisse',
  'schreef', 'heeft geschreven',
  'skrev', 'skriver',
  'kirjoitti',
  'napisał(a)', 'napisała', 'napisał',
  'napsal(a)', 'napsala', 'napsal',
  'написал(а)', 'написала', 'написал', 'пишет',
  'yazdı', 'írta', 'έγραψε', 'a scris', 'je napisal', 'je napisala', 'rašė', 'rakstīja', 'kirjutas',
  // Ukrainian, Bulgarian, Serbian/Croatian/Bosnian, Slovak, Vietnamese, Indonesian/Malay, Catalan,
  // Icelandic, Afrikaans, Filipino, Hebrew, Arabic, Persian, Hindi, Thai; and "sent" (talon's
  // "… <address> sent:"), which only counts with a date or a quote under it like every verb.
  'пише', 'написав', 'написала', 'написа', 'је написао', 'је написала', 'je napisao', 'je napisala', 'napísal', 'napísala',
  'đã viết', 'menulis', 'va escriure', 'skrifaði', 'het geskryf', 'sumulat', 'כתב', 'כתבה', 'كتب', 'نوشت', 'ने लिखा',
  'เขียน', 'sent',
];
// Scripts without word spacing: matched without a word boundary.
const CJK_VERBS = ['写道', '寫道', '来信', '來信', 'のメッセージ', 'は書きました', '書きました', '님이 작성', '작성'];

const VERB_GROUP = `(?:(?<![\\p{L}\\p{M}])(?:${alternation(LATIN_VERBS)})(?![\\p{L}\\p{M}])|(?:${alternation(CJK_VERBS)}))`;
/** "… wrote:" / "… a écrit :" / "… 写道：" at the end of the candidate. */
const VERB_AT_END = new RegExp(`${VERB_GROUP} ?[:：]?$`, 'iu');
/** "… schrieb Max <max@example.de>:" / "… schreef Jan <jan@example.nl>:" — verb, then who, then colon. */
const VERB_THEN_TAIL = new RegExp(`${VERB_GROUP} ?(.{1,150})[:：]$`, 'iu');
/** How attributions open in the languages we know; lets us relax other conditions a little. */
const ATTR_PREFIX = /^(?:on|am|le|el|em|il|in data|op|den|på|w dniu|dnia|dne|pe|στις|vào|pada|el dia|הגיע|在|於|于)(?=[\s\d])/iu;

/** Does `text` open the way attributions open ("On …", "Am …", "Le …")? */
export const opensAttribution = (text: string) => ATTR_PREFIX.test(text);

/** The first line of a wrapped attribution: a known opening and a date, no sentence ended ("On Tue, Mar 12, 2024 at"). */
export const opensDatedAttribution = (text: string) => ATTR_PREFIX.test(text) && DATEISH.test(text) && !/[.!?]$/.test(text);

/** Quick filter: could a candidate whose last line is `text` be an attribution at all? */
export function mayEndAttribution(text: string): boolean {
  const last = text.charCodeAt(text.length - 1);
  if (last === 0x3a /* : */ || last === 0xff1a /* ： */) return true;
  if (last === 0x2d /* - */) return ZOHO_END.test(text);
  return last === 0x65 /* e */ && text.length >= 5 && text.slice(-5).toLowerCase() === 'wrote';
}
const ZOHO_END = /\p{L} ?-{2,}$/u;

/**
 * Is `s` (one line, or several wrapped lines joined with spaces) an attribution line?
 * `nextIsQuoted` says whether the next non-blank line is ">"-quoted, which lets a bare
 * "Bob wrote:" without a date count.
 */
export function isAttribution(s: string, nextIsQuoted: boolean): boolean {
  if (s.length < 6 || s.length > MAX_ATTRIBUTION_CHARS) return false;
  // Zoho: "---- On Wed, 24 Feb 2021 14:02:50 +0530 john@gmail.com wrote ----"
  let t = s;
  if (t.startsWith('--')) t = t.replace(/^-+ ?/, '');
  if (t.endsWith('--')) t = t.replace(/ ?(?<!-)-+$/, ''); // (?<!-): not from inside a run of dashes
  if (t.length < 6 || headerLine(t)) return false;
  const dated = DATEISH.test(t);
  // Written as a client writes it (documented templates, client-templates.ts): "W dniu … o …, … pisze:".
  if (isClientAttribution(t, dated, nextIsQuoted)) return true;
  const last = t.charCodeAt(t.length - 1);
  const colon = last === 0x3a || last === 0xff1a;
  // The attribution's own shape, in any language: a line ending in a colon that names a date,
  // its time and an address ("W dniu 2015-01-07 14:23, a@example.pl pisze:").
  const dateAndTime = colon && t.length <= 250 && CALENDAR.test(t) && CLOCK.test(t);
  if (dateAndTime && hasEmail(t)) return true;
  // Over a ">" quote a date and its time are enough, whoever is named and however.
  if (dateAndTime && nextIsQuoted && t.length <= 200 && ruleOn('dated-colon-over-quote')) return true;
  const prefixed = ATTR_PREFIX.test(t);
  // Without ">" quoting underneath, demand the shape of a client-made line: a known opening
  // ("On …", "Am …", "Le …") or a bracketed address. Keeps prose such as
  // "I wrote to john@example.com at 10:30:" from cutting the reply.
  if (!nextIsQuoted && !prefixed && !(t.includes('<') && hasEmail(t))) return false;

  if (VERB_AT_END.test(t)) {
    if (!colon && !prefixed) return false;
    if (dated) return true;
    return nextIsQuoted && t.length <= 200;
  }
  // A bare date line left without verb or colon right over a quote: "On Tue, Mar 12, 2024 at
  // 10:15 AM", "2011/4/7 Nathan <support@example.com>".
  if (!colon) {
    return nextIsQuoted && t.length <= 200 && dated &&
      ((prefixed && CLOCK.test(t)) || (t.endsWith('>') && hasEmail(t)));
  }
  const m = VERB_THEN_TAIL.exec(t);
  if (m) {
    const tail = m[1]!;
    // "… schrieb Max <max@example.de>:", or Gmail on Android: "Max <max@example.de> schrieb am Di., 12. März 2024, 10:15:"
    if ((hasEmail(tail) || tail.includes('<') || prefixed || hasEmail(t)) && (dated || nextIsQuoted)) return true;
  }
  // Verbless: "2024年3月12日(火) 10:15 山田太郎 <taro@example.jp>:", "ср, 30 апр. 2025 г. в 15:19, John <j@x.com>:"
  if (t.length <= 300 && CLOCK.test(t) && hasEmail(t)) {
    const body = t.slice(0, -1).trimEnd();
    const end = body.charCodeAt(body.length - 1);
    if (end === 0x3e /* > */ || end === 0x29 /* ) */ || end === 0x5d /* ] */ || hasEmail(lastWord(body))) return true;
  }
  return false;
}

function lastWord(s: string): string {
  const i = s.lastIndexOf(' ');
  return i === -1 ? s : s.slice(i + 1);
}

// ---------------------------------------------------------------------------------------
// Outlook-style header blocks ("From:/Sent:/To:/Subject:" and translations)

export type HeaderKind = 'from' | 'date' | 'to' | 'cc' | 'subject' | 'replyto';

const HEADER_KEYS: Record<HeaderKind, readonly string[]> = {
  from: [
    'from', 'von', 'de', 'van', 'da', 'fra', 'från', 'od', 'от', 'lähettäjä', 'feladó', 'kimden',
    'afzender', 'remitente', 'expéditeur', 'mittente', 'nadawca', 'odesílatel', 'αποστολέας',
    '发件人', '寄件者', '寄件人', '差出人', '보낸 사람', '보낸사람',
    'від', 'відправник', 'de la', 'από', 'từ', 'dari', 'nuo', 'saatja', 'šalje', 'מאת', 'من', 'จาก',
  ],
  date: [
    'sent', 'date', 'gesendet', 'datum', 'envoyé', 'envoyé le', 'date d\'envoi', 'enviado', 'enviada',
    'enviado el', 'fecha', 'data', 'inviato', '寄件日期', '傳送時間', '发送日期', 'verzonden', 'sendt', 'skickat', 'wysłano', 'wysłane',
    'отправлено', 'дата', '发送时间', '發送時間', '日期', '送信日時', '日付', '날짜', '보낸 날짜',
    'lähetetty', 'päivämäärä', 'elküldve', 'dátum', 'tarih', 'gönderildi', 'message du', 'dato', 'odesláno',
    'ημερομηνία', 'sent at', 'надіслано', 'відправлено', 'trimis', 'στάλθηκε', 'đã gửi', 'ngày', 'dikirim', 'tanggal',
    'išsiųsta', 'saadetud', 'poslano', 'odoslané', 'изпратено', 'enviat', 'נשלח', 'تاريخ الإرسال', 'ส่ง',
  ],
  to: [
    'to', 'an', 'à', 'a', 'para', 'aan', 'til', 'till', 'do', 'кому', '收件人', '收件者', '宛先', '받는 사람',
    'vastaanottaja', 'címzett', 'kime', 'komu', 'προς', 'către', 'đến', 'kepada', 'kam', 'adressaat', 'prima', 'до',
    'per a', 'אל', 'إلى', 'ถึง',
  ],
  cc: ['cc', 'kopie', 'copie', 'copie à', 'copia', 'kopi', 'kopia', 'копия', '抄送', '副本', 'kopio', 'másolat', 'bilgi'],
  subject: [
    'subject', 'betreff', 'objet', 'sujet', 'asunto', 'assunto', 'oggetto', 'onderwerp', 'emne', 'ämne',
    'temat', 'тема', '主题', '主旨', '件名', '제목', 'aihe', 'tárgy', 'konu', 'předmět', 'θέμα', 'subiect', 'chủ đề',
    'perihal', 'subjek', 'teema', 'predmet', 'относно', 'assumpte', 'נושא', 'الموضوع', 'เรื่อง',
  ],
  replyto: ['reply-to', 'antwort an', 'répondre à', 'responder a'],
};

const KEY_KIND = new Map<string, HeaderKind>();
for (const [kind, keys] of [...Object.entries(HEADER_KEYS), ...Object.entries(CLIENT_HEADER_LABELS)] as [HeaderKind, readonly string[]][]) {
  for (const k of keys) if (!KEY_KIND.has(k)) KEY_KIND.set(k, kind);
}
const ALL_KEYS = alternation([...KEY_KIND.keys()]);
// "From:", "*From:*", "**From:**", "De :", "Envoyé le :jeudi", "件名："
const HEADER_LINE = new RegExp(`^[*_]{0,2}(${ALL_KEYS})[*_]{0,2} ?[:：][*_]{0,2} ?(.*)$`, 'iu');
// Further keys on the same line: Outlook sometimes flattens the block into one line.
const INLINE_KEY = new RegExp(`(?<=\\s)[*_]{0,2}(${ALL_KEYS})[*_]{0,2} ?[:：]`, 'giu');

export interface HeaderLine {
  kind: HeaderKind;
  value: string;
}

export function headerLine(text: string): HeaderLine | undefined {
  const colon = text.search(/[:：]/);
  if (colon < 1 || colon > 24) return undefined; // keys are short; spares the regex most lines
  const m = HEADER_LINE.exec(text);
  if (!m) return undefined;
  const kind = KEY_KIND.get(m[1]!.toLowerCase());
  return kind ? { kind, value: m[2]!.trim() } : undefined;
}

/** Kinds of further header keys found inline after the first one (for one-line header blocks). */
export function inlineHeaderKinds(text: string): Set<HeaderKind> {
  const kinds = new Set<HeaderKind>();
  INLINE_KEY.lastIndex = 0;
  for (const m of text.matchAll(INLINE_KEY)) {
    const kind = KEY_KIND.get(m[1]!.toLowerCase());
    if (kind) kinds.add(kind);
  }
  return kinds;
}

/** Subject prefixes that mark a forward rather than a reply. */
const FORWARD_SUBJECT = /^(?:fwd?|fw|wg|tr|rv|enc|doorst|vb|pd|i)\s?:/i;
export const isForwardSubject = (subject: string) => FORWARD_SUBJECT.test(subject.replace(/^[*_\s]+/, ''));

// ---------------------------------------------------------------------------------------
// Separators

const ORIGINAL_PHRASES = [
  'original message', 'ursprüngliche nachricht', 'originalnachricht', "message d'origine", 'message original',
  'mensaje original', 'mensagem original', 'messaggio originale', 'oorspronkelijk bericht', 'origineel bericht',
  'oprindelig besked', 'oprindelig meddelelse', 'opprinnelig melding', 'alkuperäinen viesti',
  'ursprungligt meddelande', 'originalmeddelande', 'wiadomość oryginalna', 'oryginalna wiadomość',
  'původní zpráva', 'pôvodná správa', 'eredeti üzenet', 'orijinal mesaj', 'özgün ileti', 'исходное сообщение',
  'оригинальное сообщение', 'αρχικό μήνυμα', '原始邮件', '原始郵件', '元のメッセージ', '원본 메시지', 'reply message',
];
const ORIGINAL_RE = new RegExp(`^[-=_*~# ]*(?:${alternation([...new Set([...ORIGINAL_PHRASES, ...CLIENT_ORIGINAL_PHRASES])])})[-=_*~# :]*$`, 'iu');
/** Outlook's own shape in any language: five dashes, a few words, five dashes ("-----Antwort Nachricht-----"). */
const OUTLOOK_SEPARATOR = /^-{5} ?\p{L}[\p{L}\p{M}'’ ]{1,38}\p{L} ?-{5}$/u;
export const isOriginalMessageSeparator = (text: string) =>
  text.length <= 80 && (ORIGINAL_RE.test(text) || (OUTLOOK_SEPARATOR.test(text) && ruleOn('outlook-separator-shape')));

const FORWARD_PHRASES = [
  'begin forwarded message', 'forwarded message', 'forwarded e-mail', 'forwarded email',
  'weitergeleitete nachricht', 'anfang der weitergeleiteten nachricht', 'message transféré', 'message transfere',
  'début du message réexpédié', 'début du message transféré', 'mensaje reenviado', 'mensaje remitido',
  'mensagem encaminhada', 'início da mensagem encaminhada', 'messaggio inoltrato', 'inizio messaggio inoltrato',
  'doorgestuurd bericht', 'begin doorgestuurd bericht', 'videresendt melding', 'videresendt meddelelse',
  'videresendt besked', 'vidarebefordrat meddelande', 'välitetty viesti', 'przekazana wiadomość',
  'wiadomość przekazana', 'přeposlaná zpráva', 'пересылаемое сообщение', 'пересланное сообщение',
  '转发的邮件', '轉寄的郵件', '転送されたメッセージ', '전달된 메시지',
];
const FORWARD_RE = new RegExp(`^[-=_*~# ]*(?:${alternation([...new Set([...FORWARD_PHRASES, ...CLIENT_FORWARD_PHRASES])])})[-=_*~# :]*$`, 'iu');
export const isForwardMarker = (text: string) => text.length <= 80 && FORWARD_RE.test(text);

/** A rule line: "-----", "_____", "====", "* * *". "--" alone is the signature delimiter (see isSigDelimiter). */
const SEPARATOR_RE = /^(?:[-_=*~+#•·—–] ?){2,}$/;
export const isSeparator = (text: string) => text.length <= 200 && SEPARATOR_RE.test(text);

/** RFC 3676 "-- " (and the common "--" without the space) alone on a line. */
export const isSigDelimiter = (text: string) => text === '--' || text === '-- ';

// ---------------------------------------------------------------------------------------
// Mobile and app signatures

const DEVICE_OR_APP = /\b(?:iphone|ipad|ipod|android|blackberry|mobile|phone|smartphone|tablet|outlook|yahoo|gmail|mail for windows|windows mail|windows 10|typeapp|sparrow|airmail|spark|proton ?mail|blue ?mail|aol|samsung|galaxy|huawei|xiaomi|nokia|htc|motorola|pixel|oneplus|newton|edison|superhuman|fastmail|tutanota|zoho|mail\.ru|yandex|k-9|mymail|hey|apple watch|watch|kindle)\b/i;

const MOBILE_PATTERNS: readonly RegExp[] = [
  /^get outlook for (?:ios|android|mac|windows)\b/i,
  /^(?:gesendet|versendet|verschickt) (?:von|mit|vom|aus|via) (?:meinem|meiner|einem|outlook|mail|yahoo|gmail|samsung|iphone|ipad|blackberry|mobil)/i,
  /^von meinem [\p{L}\d ]{1,40} (?:gesendet|verschickt)/iu,
  /^envoy[ée] (?:de|depuis|à partir de|a partir de|avec|par|via) (?:mon|ma|outlook|yahoo|gmail|l'application|iphone|ipad|samsung)/i,
  /^enviad[oa] (?:desde|de|do|com|con|a partir d[eo]) (?:mi|meu|minha|o|outlook|yahoo|gmail|iphone|samsung|email)/i,
  /^inviato da (?:iphone|ipad|il mio|mio|outlook|yahoo|gmail|samsung|libero|smartphone)/i,
  /^(?:verzonden|verstuurd) (?:vanaf|van|met|via) (?:mijn|outlook|yahoo|gmail|iphone|ipad|samsung)/i,
  /^(?:sendt|skickat|sendt) (?:fra|från) (?:min|mitt|outlook|yahoo|gmail|iphone|ipad|samsung)/i,
  /^lähetetty (?:iphonesta|ipadista|android|outlook|yahoo|gmail|samsung)/i,
  /^wysłan[eo] (?:z|ze) (?:mojego|iphone|ipad|outlook|yahoo|gmail|samsung|aplikacji)/i,
  /^отправлено (?:с|из) (?:моего|iphone|ipad|outlook|mail|yandex|samsung|android)/i,
  /^(?:iphone|ipad|android)から送信/i,
  /^(?:发自|來自|来自)我的/,
  /^從我的 ?[\p{L}\d ]{1,20} ?傳送/u,
];

const TRAILING_LINK = /\s?[<(\[]\s?(?:https?:\/\/|mailto:|www\.)[^\s>)\]]*[>)\]]$/i;
const MAIL_APP = /\b(?:outlook|gmail|yahoo|aol|spark|blue ?mail|proton ?mail|airmail|edison)\b/i;
const PLATFORM = /\b(?:ios|android|iphone|ipad|mac|windows)\b/i;
const MOBILE_LEAD = /^(?:sent|sending|get|gesendet|versendet|verschickt|von|envoy|enviad|inviato|verzonden|verstuurd|sendt|skickat|lähetetty|wysłan|отправлено|iphone|ipad|android|发自|來自|来自|從我的)/i;

/** "Sent from my iPhone", "Sent with Sparrow (url)", "Get Outlook for iOS<url>", "Gesendet von Outlook für Android". */
export function isMobileSignature(text: string): boolean {
  if (text.length > 120) return false;
  // In any language: a few words naming a mail app and a platform, then the app's link ("Outlook für iOS beziehen <https://…>").
  const end = text.charCodeAt(text.length - 1);
  if ((end === 0x3e || end === 0x29 || end === 0x5d) && ruleOn('app-tagline-any-language')) {
    const words = text.replace(TRAILING_LINK, '');
    if (words.length < text.length && words.split(' ').length <= 6 && MAIL_APP.test(words) && PLATFORM.test(words)) return true;
  }
  if (!MOBILE_LEAD.test(text)) return false;
  // A trailing link ("…<https://aka.ms/o0ukef>", "… (http://…)") is part of the boilerplate.
  const t = text.replace(TRAILING_LINK, '').replace(/[.!]$/, '').trim();
  if (/^sent from my\s/i.test(t)) {
    const rest = t.slice(13).trim();
    // "Sent from my desk, is much easier then my mobile phone." is prose, not a signature.
    return rest.split(' ').length <= 6 && !/[,;] ?\p{Ll}/u.test(rest);
  }
  if (/^(?:sent|sending) (?:from|with|via|using|by|on) /i.test(t)) {
    return t.split(' ').length <= 10 && DEVICE_OR_APP.test(t);
  }
  return MOBILE_PATTERNS.some((re) => re.test(t));
}

/** "via mobile" style last lines of a short sign-off ("Stavros\nvia mobile"). */
export const isMobileMarker = (text: string) =>
  /^(?:sent )?(?:via|from|on) (?:my )?(?:mobile|phone|cell|iphone|ipad|android|tablet|blackberry)(?: device| phone)?\.?$/i.test(text);

// ---------------------------------------------------------------------------------------
// Trailing boilerplate

const FOOTER_RES: readonly RegExp[] = [
  /^you (?:are )?receiv(?:ed|ing) this (?:message|e-?mail|notification|because)/i,
  /^you are (?:subscribed|receiving)/i,
  /^to unsubscribe\b/i,
  /^unsubscribe\b/i,
  /^to stop receiving\b/i,
  /^if you no longer wish to receive/i,
  /^(?:click here|you can) (?:to )?unsubscribe/i,
  /^reply to this email directly/i,
  /view it on github/i,
  /^manage (?:your )?(?:subscription|notification|email preference|preference)/i,
  /^this (?:e-?mail|message) was sent to\b/i,
  /^to view this discussion (?:on the web )?visit/i,
  /^for more options, visit/i,
  /^(?:[\w.-]+ )?mailing list$/i,
  /^-{0,3} ?you are currently subscribed to/i,
  /\blistinfo\b/i,
];
export const isFooterLine = (text: string) => text.length <= 300 && FOOTER_RES.some((re) => re.test(text));

const VALEDICTIONS = [
  'best', 'best regards', 'best wishes', 'kind regards', 'kindest regards', 'warm regards', 'warmest regards',
  'regards', 'many regards', 'cheers', 'thanks', 'thanks again', 'thanks a lot', 'thanks so much', 'thank you',
  'thank you very much', 'thank you so much', 'many thanks', 'sincerely', 'yours sincerely', 'sincerely yours',
  'yours truly', 'yours faithfully', 'yours', 'cordially', 'respectfully', 'all the best', 'take care', 'talk soon',
  'mit freundlichen grüßen', 'mit freundlichen grüssen', 'freundliche grüße', 'viele grüße', 'beste grüße',
  'liebe grüße', 'lg', 'mfg', 'gruß', 'grüße', 'cordialement', 'bien cordialement', 'bien à vous', 'salutations',
  'bonne journée', 'merci', 'saludos', 'saludos cordiales', 'un saludo', 'atentamente', 'gracias', 'atenciosamente',
  'abraços', 'cumprimentos', 'obrigado', 'obrigada', 'cordiali saluti', 'distinti saluti', 'saluti', 'grazie',
  'met vriendelijke groet', 'met vriendelijke groeten', 'groeten', 'hartelijke groet', 'med vänliga hälsningar',
  'vänliga hälsningar', 'hälsningar', 'med venlig hilsen', 'venlig hilsen', 'hilsen', 'med vennlig hilsen',
  'ystävällisin terveisin', 'terveisin', 'pozdrawiam', 'z poważaniem', 's pozdravem', 'с уважением',
  'よろしくお願いします', 'よろしくお願いいたします', '此致', '谢谢', '謝謝',
];
const VALEDICTION_RE = new RegExp(`^(?:${alternation(VALEDICTIONS)})[,.!]?$`, 'iu');
export const isValediction = (text: string) => text.length <= 40 && VALEDICTION_RE.test(text);
/** A closing formula and the name on one line: "Regards, Roman". */
const VALEDICTION_THEN_NAME = new RegExp(`^(?:${alternation(VALEDICTIONS)})[,!]? `, 'iu');

/** "-Abhishek Kona", "— Tim", "~Ann", "/Erik": a marked name alone on the last line. */
const DASH_SIGNOFF = /^(?:-{1,2}|–|—|~|\/) ?\p{Lu}[\p{L}\p{M}.'’-]{0,30}(?: \p{Lu}[\p{L}\p{M}.'’-]{0,30}){0,2}$/u;
export const isDashSignoff = (text: string) => text.length <= 60 && DASH_SIGNOFF.test(text);

/** "Gina Xxxxxxxxx", "John E. Doe, Ph.D.": one to four capitalised words. */
const NAME_LIKE = /^\p{Lu}[\p{L}\p{M}.'’-]*(?:,? (?:\p{Lu}[\p{L}\p{M}.'’-]*|[a-z]{1,3}|Ph\.D\.|Jr\.?|Sr\.?)){0,4}$/u;
export const isNameLike = (text: string) => text.length <= 50 && NAME_LIKE.test(text.replace(/^#\w+#/, ''));

/** One-word answers that look like a name but are the reply itself ("Thanks", "Done"). */
const NOT_A_NAME = /^(?:yes|no|ok|okay|thanks|thank you|thx|done|sure|agreed|great|perfect|fine|noted|confirmed|approved|cheers|bye|ciao|hi|hello|best|regards|ja|nein|oui|non|si|sí|da|nej|tak|nie)$/i;
/** A name alone on a line: one to three capitalised words, no sentence punctuation, not an answer word. */
export const isLoneName = (text: string) =>
  text.length <= 40 && text.split(' ').length <= 3 && !/[.!?]$/.test(text) && isNameLike(text) && !NOT_A_NAME.test(text) &&
  !isValediction(text) && !VALEDICTION_THEN_NAME.test(text);

const CONTACT_LABEL = /^(?:t|tel|tél|phone|ph|p|mob|mobile|cell|m|f|fax|skype|linkedin|twitter|web|w|e|email|e-mail|office|direct)\s?[.:]/i;
/** Lines that carry contact details: addresses, links, phone numbers, "t. …" labels. */
export const isContactLine = (text: string) =>
  hasEmail(text) || hasUrl(text) || hasPhone(text) || CONTACT_LABEL.test(text) || isMobileMarker(text);

const DISCLAIMER_START = /^(?:confidentiality notice|confidential|disclaimer|legal notice|notice|important notice|privileged (?:&|and) confidential|this (?:e-?mail|message|communication|transmission)\b|the (?:information|contents?) (?:contained )?in this|any views or opinions|please consider the environment|le informazioni contenute|questo messaggio|diese (?:e-?mail|nachricht)|der inhalt dieser|ce (?:message|courriel|mail|e-?mail)\b|les informations contenues|este (?:mensaje|correo)|la información contenida|esta mensagem|as informações contidas|dit (?:e-?mail|bericht)|de informatie|denne e-?post|detta e-?post|tämä viesti|ta wiadomość)/i;
const DISCLAIMER_TERMS = /(?:confidential|privileged|intended (?:solely |only )?for|intended recipient|addressee|in error|unauthori[sz]ed|prohibited|disclos|vertraulich|empfänger|irrtümlich|destinataire|confidentiel|riservat|destinatario|confidencial|vertrouwelijk|geadresseerde|virus)/gi;

/** A legal-disclaimer paragraph (text already joined into one string). */
export function isDisclaimer(paragraph: string): boolean {
  if (paragraph.length < 60) return false;
  const head = paragraph.slice(0, 400);
  const hits = new Set((head.match(DISCLAIMER_TERMS) ?? []).map((h) => h.toLowerCase().slice(0, 6))).size;
  return (DISCLAIMER_START.test(head) && hits >= 1) || hits >= 3;
}

// ---------------------------------------------------------------------------------------
// Delivery-status reports (bounces)

const DSN_OPENERS: readonly RegExp[] = [
  /^this is the mail system at host\b/i,
  /^this message was created automatically by mail delivery software/i,
  /^i'm sorry to have to inform you that your message could not/i,
  /^delivery has failed to these recipients/i,
  /^delivery to the following recipients? (?:failed|has been delayed|was delayed)/i,
  /^your message (?:to .{1,200} )?(?:couldn't|could not|wasn't|was not|cannot|can't) be delivered/i,
  /^your message wasn't delivered/i,
  /^the following message to .{1,200} was undeliverable/i,
  /^a message that you sent could not be delivered/i,
  /^message not delivered$/i,
  /^address not found$/i,
  /^(?:undelivered mail returned to sender|undeliverable|returned mail|mail delivery (?:failed|subsystem|system))\b/i,
  /^delivery status notification/i,
  /^-+ ?(?:the following addresses had permanent fatal errors|transcript of session follows) ?-+$/i,
  /^diese nachricht wurde automatisch von (?:der )?mail delivery software erzeugt/i,
  /^(?:unzustellbar|non remis|nicht zustellbar)\b/i,
  /^the original message was received at\b/i,
];
const DSN_FIELDS = /^(?:reporting-mta|final-recipient|original-recipient|action|status|diagnostic-code|remote-mta|arrival-date|last-attempt-date) ?: ?\S/i;
const DSN_ACTION_OR_STATUS = /^(?:action ?: ?(?:failed|delayed|delivered|relayed|expanded)|status ?: ?[245]\.\d{1,3}\.\d{1,3})/i;

export const isDsnOpener = (text: string) => text.length <= 300 && DSN_OPENERS.some((re) => re.test(text));
export const isDsnField = (text: string) => text.length <= 300 && text.includes(':') && DSN_FIELDS.test(text);
export const isDsnActionOrStatus = (text: string) => text.length <= 300 && DSN_ACTION_OR_STATUS.test(text);
