/**
 * Domains without a network: the registrable domain (from a compact public-suffix subset), the
 * well-known brands and the domains they own, the genuine ESP and link-protection hosts, and the
 * lookalike test (IDN homographs, typosquats, brand plus a word, brand as leftmost labels).
 */
import { domainToASCII, domainToUnicode } from 'node:url';

/**
 * Multi-label public suffixes under which registrations happen (a subset of the Public Suffix
 * List: the common second-level suffixes of the countries mail most often comes from). Any other
 * domain's registrable part is its last two labels, which is also the rule for the reserved
 * `.example` / `.test` names.
 */
const MULTI_LABEL_SUFFIXES = new Set([
  'co.uk', 'org.uk', 'ac.uk', 'gov.uk', 'ltd.uk', 'plc.uk', 'me.uk', 'net.uk', 'nhs.uk',
  'com.au', 'net.au', 'org.au', 'edu.au', 'gov.au', 'co.nz', 'org.nz', 'govt.nz', 'co.za', 'org.za',
  'co.jp', 'ne.jp', 'or.jp', 'ac.jp', 'go.jp', 'ad.jp', 'ed.jp', 'gr.jp', 'lg.jp',
  'com.cn', 'net.cn', 'org.cn', 'gov.cn', 'edu.cn', 'com.hk', 'org.hk', 'com.tw', 'org.tw', 'com.sg', 'com.my',
  'co.kr', 'or.kr', 'co.in', 'net.in', 'org.in', 'gov.in', 'co.id', 'or.id', 'co.th', 'in.th', 'com.vn', 'com.ph',
  'com.br', 'net.br', 'org.br', 'gov.br', 'com.mx', 'org.mx', 'gob.mx', 'com.ar', 'gob.ar', 'com.co', 'com.pe', 'cl.cl',
  'com.es', 'org.es', 'gob.es', 'nom.es', 'gouv.fr', 'asso.fr', 'com.fr', 'co.at', 'or.at', 'gv.at', 'com.pl', 'org.pl',
  'com.tr', 'org.tr', 'gov.tr', 'co.il', 'org.il', 'com.ua', 'com.ru', 'org.ru', 'com.eg', 'com.sa', 'com.pt', 'co.it',
]);

/** The registrable domain (the part a party registers): lower case, punycode, no trailing dot. */
export function registrableDomain(host: string): string {
  const ascii = toAsciiHost(host);
  // A name without empty labels and with one or two dots: the last two labels, unless they are a suffix.
  const last = ascii.lastIndexOf('.');
  if (last > 0 && last < ascii.length - 1 && ascii[last - 1] !== '.') {
    const prev = ascii.lastIndexOf('.', last - 1);
    if (prev < 0 && ascii[0] !== '.') return ascii;
    if (prev > 0 && ascii[prev - 1] !== '.' && ascii.lastIndexOf('.', prev - 1) < 0 && ascii[0] !== '.' && !MULTI_LABEL_SUFFIXES.has(ascii.slice(prev + 1))) return ascii.slice(prev + 1);
  }
  const labels = ascii.split('.').filter(Boolean);
  if (labels.length <= 2) return labels.join('.');
  const lastTwo = labels.slice(-2).join('.');
  return MULTI_LABEL_SUFFIXES.has(lastTwo) ? labels.slice(-3).join('.') : lastTwo;
}

/** A host in punycode (IDNs converted), lower case; '' when it is no valid host. */
export function toAsciiHost(host: string): string {
  const h = host.trim().replace(/\.$/, '').toLowerCase();
  if (h === '' || h.length > 253) return '';
  // ASCII hosts skip the WHATWG conversion (it costs more than the check).
  let ascii = true;
  for (let i = 0; i < h.length; i++) if (h.charCodeAt(i) > 0x7e) { ascii = false; break; }
  return ascii ? h : domainToASCII(h);
}

/** The domain of an address ('' without one). */
export const domainOfAddress = (address: string) => {
  const at = address.lastIndexOf('@');
  if (at <= 0) return '';
  // Trailing ">", "." and spaces cut by a walk back (a pattern anchored at the end rescans runs).
  let end = address.length;
  while (end > at + 1 && '>. \t\r\n'.includes(address[end - 1]!)) end--;
  return toAsciiHost(address.slice(at + 1, end));
};

/** The host of a URL ('' when it is none); `https://bank.example@other.test/` gives other.test. */
export function hostOfUrl(url: string): string {
  // URL.parse, not new URL: a sender's non-URL would cost a thrown error (and its stack) each time.
  const u = URL.parse(url.trim());
  return u ? hostOfParsed(u) : '';
}

/** hostOfUrl's reading of a URL already parsed: the http(s) host, lower case, without a final dot. */
export function hostOfParsed(u: URL): string {
  return u.protocol === 'http:' || u.protocol === 'https:' ? u.hostname.toLowerCase().replace(/\.$/, '') : '';
}

/**
 * Well-known brands imitated in phishing, with the registrable domains they own. The name is
 * what a lookalike imitates (label or token); short names are only matched exactly, never by
 * edit distance.
 */
export const BRANDS: readonly { name: string; domains: readonly string[] }[] = [
  { name: 'paypal', domains: ['paypal.com', 'paypal.me', 'paypal.de', 'paypal.fr', 'paypal.es', 'paypal.co.uk', 'paypalobjects.com'] },
  { name: 'microsoft', domains: ['microsoft.com', 'live.com', 'outlook.com', 'office.com', 'office365.com', 'microsoftonline.com', 'hotmail.com', 'sharepoint.com', 'onmicrosoft.com', 'azure.com', 'xbox.com', 'windows.com', 'msn.com', 'skype.com', 'bing.com'] },
  { name: 'office365', domains: ['office365.com', 'office.com', 'microsoft.com'] },
  { name: 'outlook', domains: ['outlook.com', 'microsoft.com', 'live.com'] },
  { name: 'apple', domains: ['apple.com', 'icloud.com', 'me.com', 'mac.com', 'apple.news'] },
  { name: 'appleid', domains: ['apple.com'] },
  { name: 'icloud', domains: ['icloud.com', 'apple.com'] },
  { name: 'google', domains: ['google.com', 'gmail.com', 'googlemail.com', 'youtube.com', 'google.de', 'google.fr', 'google.es', 'google.co.jp', 'google.co.uk', 'googleusercontent.com', 'gstatic.com', 'goo.gl', 'withgoogle.com'] },
  { name: 'gmail', domains: ['gmail.com', 'google.com'] },
  { name: 'amazon', domains: ['amazon.com', 'amazon.de', 'amazon.co.uk', 'amazon.co.jp', 'amazon.fr', 'amazon.es', 'amazon.it', 'amazon.ca', 'amazon.cn', 'amazon.in', 'amazon.com.br', 'amazon.com.mx', 'amazonaws.com', 'amazonses.com', 'awstrack.me', 'a2z.com', 'amazon.jobs'] },
  { name: 'aws', domains: ['amazonaws.com', 'aws.amazon.com', 'amazon.com'] },
  { name: 'github', domains: ['github.com', 'githubusercontent.com', 'github.io', 'githubapp.com'] },
  { name: 'gitlab', domains: ['gitlab.com'] },
  { name: 'netflix', domains: ['netflix.com', 'nflxext.com'] },
  { name: 'facebook', domains: ['facebook.com', 'fb.com', 'facebookmail.com', 'meta.com'] },
  { name: 'instagram', domains: ['instagram.com', 'facebookmail.com'] },
  { name: 'whatsapp', domains: ['whatsapp.com', 'whatsapp.net'] },
  { name: 'linkedin', domains: ['linkedin.com', 'lnkd.in'] },
  { name: 'twitter', domains: ['twitter.com', 'x.com', 't.co'] },
  { name: 'dropbox', domains: ['dropbox.com', 'dropboxmail.com'] },
  { name: 'docusign', domains: ['docusign.com', 'docusign.net'] },
  { name: 'adobe', domains: ['adobe.com', 'adobesign.com'] },
  { name: 'zoom', domains: ['zoom.us', 'zoom.com'] },
  { name: 'slack', domains: ['slack.com'] },
  { name: 'salesforce', domains: ['salesforce.com', 'force.com'] },
  { name: 'stripe', domains: ['stripe.com'] },
  { name: 'coinbase', domains: ['coinbase.com'] },
  { name: 'binance', domains: ['binance.com'] },
  { name: 'steam', domains: ['steampowered.com', 'steamcommunity.com'] },
  { name: 'yahoo', domains: ['yahoo.com', 'yahoo.co.jp', 'yahoo.de', 'yahoo.fr'] },
  { name: 'ebay', domains: ['ebay.com', 'ebay.de', 'ebay.co.uk', 'ebay.fr', 'ebay.es'] },
  { name: 'dhl', domains: ['dhl.com', 'dhl.de'] },
  { name: 'fedex', domains: ['fedex.com'] },
  { name: 'ups', domains: ['ups.com'] },
  { name: 'usps', domains: ['usps.com'] },
  { name: 'laposte', domains: ['laposte.fr', 'laposte.net'] },
  { name: 'colissimo', domains: ['colissimo.fr', 'laposte.fr'] },
  { name: 'correos', domains: ['correos.es'] },
  { name: 'royalmail', domains: ['royalmail.com'] },
  { name: 'sparkasse', domains: ['sparkasse.de'] },
  { name: 'postbank', domains: ['postbank.de'] },
  { name: 'commerzbank', domains: ['commerzbank.de', 'commerzbank.com'] },
  { name: 'deutschebank', domains: ['deutsche-bank.de', 'db.com'] },
  { name: 'volksbank', domains: ['volksbank.de'] },
  { name: 'chase', domains: ['chase.com', 'jpmorgan.com'] },
  { name: 'wellsfargo', domains: ['wellsfargo.com'] },
  { name: 'bankofamerica', domains: ['bankofamerica.com', 'bofa.com'] },
  { name: 'citibank', domains: ['citibank.com', 'citi.com'] },
  { name: 'hsbc', domains: ['hsbc.com', 'hsbc.co.uk'] },
  { name: 'barclays', domains: ['barclays.co.uk', 'barclays.com'] },
  { name: 'santander', domains: ['santander.com', 'santander.es', 'santander.co.uk', 'santander.de'] },
  { name: 'bbva', domains: ['bbva.es', 'bbva.com'] },
  { name: 'caixabank', domains: ['caixabank.es', 'caixabank.com'] },
  { name: 'revolut', domains: ['revolut.com'] },
  { name: 'wise', domains: ['wise.com'] },
  { name: 'visa', domains: ['visa.com'] },
  { name: 'mastercard', domains: ['mastercard.com'] },
  { name: 'americanexpress', domains: ['americanexpress.com', 'aexp.com'] },
  { name: 'amex', domains: ['americanexpress.com'] },
  { name: 'impots', domains: ['impots.gouv.fr'] },
  { name: 'ameli', domains: ['ameli.fr'] },
  { name: 'agenciatributaria', domains: ['agenciatributaria.es', 'agenciatributaria.gob.es'] },
  { name: 'irs', domains: ['irs.gov'] },
  { name: 'hmrc', domains: ['hmrc.gov.uk', 'gov.uk'] },
  { name: 'rakuten', domains: ['rakuten.co.jp', 'rakuten.com', 'rakuten-card.co.jp', 'rakuten.ne.jp'] },
  { name: 'mufg', domains: ['mufg.jp', 'bk.mufg.jp'] },
  { name: 'smbc', domains: ['smbc.co.jp', 'smbc-card.com'] },
  { name: 'mizuho', domains: ['mizuhobank.co.jp', 'mizuho-fg.co.jp'] },
  { name: 'aeon', domains: ['aeon.co.jp', 'aeon.com'] },
  { name: 'docomo', domains: ['docomo.ne.jp', 'nttdocomo.co.jp'] },
  { name: 'alipay', domains: ['alipay.com'] },
  { name: 'taobao', domains: ['taobao.com'] },
  { name: 'alibaba', domains: ['alibaba.com', 'aliyun.com'] },
  { name: 'wechat', domains: ['wechat.com', 'qq.com'] },
  { name: 'tencent', domains: ['tencent.com', 'qq.com'] },
  { name: 'icbc', domains: ['icbc.com.cn'] },
  { name: 'okta', domains: ['okta.com', 'oktacdn.com'] },
  { name: 'openai', domains: ['openai.com', 'chatgpt.com'] },
  { name: 'spotify', domains: ['spotify.com'] },
  { name: 'booking', domains: ['booking.com'] },
  { name: 'airbnb', domains: ['airbnb.com'] },
];

const BRAND_BY_NAME = new Map(BRANDS.map((b) => [b.name, b]));
const BRAND_OWNED = new Set(BRANDS.flatMap((b) => b.domains.map((d) => registrableDomain(d))));

/**
 * Hosts of genuine ESPs, click trackers and link protection: their registrable domains carry
 * other parties' mail and links, so a brand-like label under them imitates nothing.
 */
const ESP_DOMAINS = new Set([
  'awstrack.me', 'amazonses.com', 'list-manage.com', 'mcusercontent.com', 'mcsv.net', 'mailchimp.com', 'mandrillapp.com', 'rsgsv.net',
  'sendgrid.net', 'sendgrid.com', 'mailgun.org', 'mailgun.net', 'mailjet.com', 'sparkpostmail.com', 'mktomail.com', 'hubspotemail.net',
  'hs-analytics.net', 'klaviyomail.com', 'exacttarget.com', 'salesforce-marketing.com', 'cmail19.com', 'cmail20.com', 'createsend.com',
  'constantcontact.com', 'rs6.net', 'brevo.com', 'sendinblue.com', 'postmarkapp.com', 'mtasv.net', 'protection.outlook.com',
  'safelinks.protection.outlook.com', 'urldefense.com', 'urldefense.proofpoint.com', 'mimecast.com', 'mimecastprotect.com',
  'barracudanetworks.com', 'linkprotect.cudasvc.com', 'cudasvc.com',
]);

export const isEspHost = (host: string) => ESP_DOMAINS.has(registrableDomain(host));
export const isBrandOwned = (host: string) => BRAND_OWNED.has(registrableDomain(host));

/** Look-alike substitutions folded before comparing a label with a brand name ("rn" reads as "m"). */
function skeleton(label: string): string {
  // One pass: no replacement makes another's pattern ("c1" gives "cl", as when "cl" was replaced first).
  return SKELETON_PART.test(label) ? label.replace(SKELETON_PARTS, (m) => SKELETON_OF[m]!) : label;
}
const SKELETON_OF: Record<string, string> = { rn: 'm', vv: 'w', cl: 'd', 0: 'o', 1: 'l', 3: 'e', 5: 's', 4: 'a', ı: 'l', i: 'l' };
const SKELETON_PART = /rn|vv|cl|[01354ıi]/;
const SKELETON_PARTS = /rn|vv|cl|[01354ıi]/g;

/** The first brand (BRANDS index) with each name, and with each skeleton() among names of 5 letters or more. */
const BRAND_INDEX_BY_NAME = new Map<string, number>();
const BRAND_INDEX_BY_SKELETON = new Map<string, number>();
/** BRANDS indexes of names of 6 letters or more, by name length: only these are compared letter by letter. */
const EDITABLE_BY_LENGTH = new Map<number, number[]>();
/** The lengths of brand names of 4 letters or more, ascending: where a brand can end and a lure word begin. */
const BRAND_NAME_LENGTHS = [...new Set(BRANDS.map((b) => b.name.length).filter((n) => n >= 4))].sort((a, b) => a - b);
for (const [i, b] of BRANDS.entries()) {
  if (!BRAND_INDEX_BY_NAME.has(b.name)) BRAND_INDEX_BY_NAME.set(b.name, i);
  if (b.name.length >= 5 && !BRAND_INDEX_BY_SKELETON.has(skeleton(b.name))) BRAND_INDEX_BY_SKELETON.set(skeleton(b.name), i);
  if (b.name.length >= 6) EDITABLE_BY_LENGTH.set(b.name.length, [...(EDITABLE_BY_LENGTH.get(b.name.length) ?? []), i]);
}

/** Latin letters that Cyrillic and Greek glyphs imitate, for IDN labels (checked after domainToUnicode). */
const CONFUSABLE: Record<string, string> = {
  'а': 'a', 'в': 'b', 'е': 'e', 'к': 'k', 'м': 'm', 'н': 'h', 'о': 'o', 'р': 'p', 'с': 'c', 'т': 't', 'у': 'y', 'х': 'x', 'і': 'i',
  'ј': 'j', 'ѕ': 's', 'ԁ': 'd', 'ɡ': 'g', 'һ': 'h', 'ӏ': 'l', 'ԛ': 'q', 'ԝ': 'w', 'α': 'a', 'ε': 'e', 'ι': 'i', 'κ': 'k', 'ν': 'v',
  'ο': 'o', 'ρ': 'p', 'τ': 't', 'υ': 'u', 'χ': 'x', 'ɑ': 'a', 'ı': 'i', 'ạ': 'a', 'ą': 'a', 'ė': 'e', 'ę': 'e', 'ọ': 'o', 'ḷ': 'l',
};

/** Levenshtein distance, stopping early past 1 (both strings are short labels). */
function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1 || a === b) return a === b;
  let i = 0, j = 0, edits = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) { i++; j++; continue; }
    if (++edits > 1) return false;
    if (a.length > b.length) i++;
    else if (b.length > a.length) j++;
    else if (a[i + 1] === b[j] && a[i] === b[j + 1]) { i += 2; j += 2; }
    else { i++; j++; }
  }
  return edits + (a.length - i) + (b.length - j) <= 1;
}

/** Words that phishing domains add to a brand ("paypal-security", "appleid-verify"). */
const LURE_WORDS = new Set([
  'secure', 'security', 'login', 'signin', 'verify', 'verification', 'account', 'accounts', 'support', 'update', 'service', 'services',
  'alert', 'alerts', 'help', 'billing', 'payment', 'pay', 'auth', 'id', 'online', 'web', 'mail', 'team', 'center', 'centre', 'notice',
  'confirm', 'unlock', 'recovery', 'customer', 'card', 'bank', 'banking', 'official', 'portal', 'refund', 'care',
]);

export interface Lookalike { host: string; brand: string; how: string }

/**
 * Whether a host imitates a well-known brand, and how. Brand-owned domains and genuine ESP /
 * link-protection hosts never do; neither do IDNs whose letters imitate no brand (umlaut names,
 * an all-Cyrillic shop) nor words that merely contain a brand's letters ("applefield").
 */
export function lookalikeOf(rawHost: string): Lookalike | undefined {
  const host = toAsciiHost(rawHost);
  if (host === '') return undefined;
  const reg = registrableDomain(host);
  if (BRAND_OWNED.has(reg) || ESP_DOMAINS.has(reg)) return undefined;
  const regLabel = reg.split('.')[0] ?? '';
  // Brand as the leftmost labels of another registrable domain: appleid.apple.com.account-verify.example.
  const sub = host.length > reg.length ? host.slice(0, host.length - reg.length - 1) : '';
  if (sub) {
    const subLabels = sub.split('.');
    for (let i = 0; i < subLabels.length - 1; i++) {
      if (BRAND_OWNED.has(registrableDomain(subLabels.slice(i).join('.')))) {
        return { host, brand: subLabels.slice(i).join('.'), how: 'a brand domain used as the leftmost labels of another domain' };
      }
    }
    for (const l of subLabels) {
      const b = BRAND_BY_NAME.get(l.replace(/-/g, ''));
      if (b && b.name.length >= 4) return { host, brand: b.name, how: 'a brand name used as a subdomain of another domain' };
    }
  }
  // IDN homograph: the label's Unicode form, confusables folded, spells a brand.
  if (regLabel.startsWith('xn--')) {
    const unicode = domainToUnicode(reg).split('.')[0] ?? '';
    let folded = '';
    let changed = false;
    for (const ch of unicode) {
      const f = CONFUSABLE[ch];
      if (f) changed = true;
      folded += f ?? ch;
    }
    const b = changed ? matchBrand(folded) : undefined;
    if (b) return { host, brand: b.brand, how: `an internationalised name (${unicode}) whose letters imitate ${b.brand}` };
    return undefined;
  }
  const b = matchBrand(regLabel);
  if (b) return { host, brand: b.brand, how: b.how };
  return undefined;
}

/** A registrable label that is a brand with a substituted letter, or a brand plus a lure word. */
function matchBrand(label: string): { brand: string; how: string } | undefined {
  const compact = label.replace(/-/g, '');
  // The first brand in list order that the label names exactly, or imitates by skeleton or one edit.
  const exact = BRAND_INDEX_BY_NAME.get(compact) ?? Infinity;
  let first = Math.min(exact, BRAND_INDEX_BY_SKELETON.get(skeleton(compact)) ?? Infinity);
  for (let len = compact.length - 1; len <= compact.length + 1; len++) {
    for (const i of EDITABLE_BY_LENGTH.get(len) ?? []) {
      const name = BRANDS[i]!.name;
      // One edit leaves the first or the last letter as it was.
      if (i < first && (compact[0] === name[0] || compact[compact.length - 1] === name[name.length - 1]) && withinOneEdit(compact, name)) first = i;
    }
  }
  if (first !== Infinity) {
    const name = BRANDS[first]!.name;
    return first === exact ? { brand: name, how: `the brand name ${name} on a domain the brand does not own` } : { brand: name, how: `a typosquat of ${name}` };
  }
  // Brand plus a word: a whole hyphen-separated token is the brand (sparkasse-sicherheitsdienst), or
  // the brand is glued to a lure word (paypalsecure).
  const tokens = label.split('-').filter(Boolean);
  if (tokens.length > 1) {
    for (const t of tokens) {
      const b = BRAND_BY_NAME.get(t);
      if (b && (b.name.length >= 4 || tokens.some((x) => LURE_WORDS.has(x)))) return { brand: b.name, how: `the brand name ${b.name} plus other words` };
    }
  }
  // The first brand in list order (of 4 letters or more) that the label starts or ends with, the rest a lure word.
  let glued = Infinity;
  for (const len of BRAND_NAME_LENGTHS) {
    if (len >= compact.length) break;
    const head = BRAND_INDEX_BY_NAME.get(compact.slice(0, len));
    if (head !== undefined && head < glued && LURE_WORDS.has(compact.slice(len))) glued = head;
    const tail = BRAND_INDEX_BY_NAME.get(compact.slice(-len));
    if (tail !== undefined && tail < glued && LURE_WORDS.has(compact.slice(0, -len))) glued = tail;
  }
  if (glued === Infinity) return undefined;
  const name = BRANDS[glued]!.name;
  return { brand: name, how: `the brand name ${name} plus a lure word` };
}
