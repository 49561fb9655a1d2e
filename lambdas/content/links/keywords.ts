/**
 * Multilingual vocabulary for link and code classification: English, German, French,
 * Spanish, Portuguese, with some Italian and Dutch. Every pattern runs on text that went
 * through fold() (lower case, no diacritics, ß→ss) and is capped in length, and none has
 * nested quantifiers, so matching is linear.
 */
import type { CtaType } from './types.ts';

/** Links that are never a call to action: unsubscribe, preferences, legal, help, social. */
export const EXCLUDE_LABEL = new RegExp(
  [
    'unsubscri', 'opt[ -]?out', '\\bpreferences?\\b', 'notification settings', 'email settings',
    'manage (?:your )?(?:email |notification |subscription )?(?:settings|subscriptions?)',
    'stop (?:these |receiving |shipment |all )?(?:e-?mails|notifications)',
    'abmelden', 'abbestellen', 'austragen', 'einstellungen', 'desinscri', 'desabonn', 'desabonne',
    'darse de baja', 'darme de baja', 'cancelar (?:la )?suscripcion', 'anular (?:la )?suscripcion',
    'descadastr', 'cancelar (?:a )?inscricao', 'cancelar (?:a )?assinatura', 'afmelden', 'uitschrijven',
    'privacy', 'privacidad', 'privacidade', 'confidentialite', 'datenschutz', 'privacybeleid',
    '\\bterms\\b', 'terms of', 'conditions', 'terminos', 'termos', '\\bagb\\b', 'nutzungsbedingungen',
    'mentions legales', 'impressum', '\\blegal\\b', 'aviso legal', 'cookie',
    '\\bhelp\\b', 'help center', 'hilfe', '\\baide\\b', 'centre d.aide', '\\bayuda\\b', '\\bajuda\\b',
    '\\bsupport\\b', 'soporte', 'suporte', '\\bfaq', '\\bcontact', 'kontakt', 'contacto', 'contato',
    'customer service', 'kundenservice', 'service client', 'atencion al cliente', 'atendimento',
    'view (?:it |this (?:e-?mail |message )?)?(?:in|on) (?:your |a )?(?:web )?browser', 'view (?:it )?online',
    'web version', 'online ansehen', 'im browser', 'version en ligne', 'navegador',
    'report (?:abuse|spam|phishing|this|it)', 'block (?:them|this|user|sender)', 'learn (?:more|about)',
    'read more', 'read the (?:full )?(?:story|article|post)', 'weiterlesen', 'mehr erfahren', 'en savoir plus',
    'lire la suite', 'leer mas', 'saber mas', 'saiba mais', 'leia mais', 'lees meer',
    'resend', 'send (?:it )?again', 'erneut senden', 'renvoyer', 'reenviar', 'volver a enviar',
    'app store', 'google play', 'follow us', 'folge uns', 'suivez-nous', 'siguenos', 'siga-nos',
    // A receipt's or statement's document is something to keep, not an action the mail asks for.
    '(?:download|print|save|get)(?: (?:the|your|a|as|this))? (?:pdf|receipt|invoice|statement|attachment)',
    '(?:pdf|rechnung|beleg|quittung) (?:herunterladen|ansehen|drucken)', 'telecharger (?:le |la |votre )?(?:pdf|facture|recu)',
    'descargar (?:el |la |tu )?(?:pdf|factura|recibo)', 'baixar (?:o |a |seu )?(?:pdf|fatura|recibo)', 'scarica (?:il )?(?:pdf|ricevuta|fattura)',
  ].join('|'),
);

/** URL path segments that mark non-CTA links (same families as EXCLUDE_LABEL). */
export const EXCLUDE_PATH = new RegExp(
  '(?:^|/)(?:unsubscribe|unsub|optout|opt-out|preferences|email-preferences|privacy|privacy-policy|terms|legal|' +
    'help|support|faq|contact|datenschutz|impressum|agb|abmelden|desinscription|desabonnement|privacidad|' +
    'terminos|privacidade|termos|ajuda|ayuda|aide|hilfe|mentions-legales|confidentialite|asm|descadastrar)(?:$|[/?._-])',
);

/** Hosts of help centres, status pages and the like. */
export const EXCLUDE_HOST = /^(?:help|support|status|hilfe|ajuda|ayuda|aide|faq)\./;

/** Social networks: links to a profile there are footer decoration. */
export const SOCIAL_HOSTS = [
  'twitter.com', 'x.com', 'facebook.com', 'fb.com', 'fb.me', 'linkedin.com', 'lnkd.in', 'instagram.com',
  'youtube.com', 'youtu.be', 'tiktok.com', 'pinterest.com', 'pin.it', 'threads.net', 'mastodon.social',
  'github.com', 'snapchat.com', 'wa.me', 'whatsapp.com', 'discord.gg', 't.me', 'bsky.app', 'medium.com',
  'vimeo.com', 'xing.com', 'reddit.com',
];
export const APP_STORE_HOSTS = ['apps.apple.com', 'itunes.apple.com', 'play.google.com'];

/** Labels that say nothing by themselves: take the meaning from the sentence around. */
export const GENERIC_LABEL = new RegExp(
  '^(?:please )?(?:click|tap|klicken sie|cliquez|haz clic|haga clic|clique|klik)?(?: (?:on|auf|sur|en|em|op))? ?' +
    '(?:here|this link|the link|link|hier|diesen link|ici|ce lien|aqui|este enlace|este link|o link|deze link|button|this|sie hier)' +
    '[.!:]?$',
);

/** "If the button doesn't work, copy this link": the link is the button's twin. */
export const FALLBACK_CONTEXT = new RegExp(
  [
    'copy and paste', 'copy & paste', 'copy (?:this|the) (?:link|url)', 'paste (?:this|the|it)', "doesn't work",
    'does not work', "isn't working", 'not working', 'trouble clicking', 'if the button', "button doesn't",
    'kopieren sie', 'funktioniert nicht', 'copiez', 'ne fonctionne pas', 'copia y pega', 'no funciona',
    'copie e cole', 'nao funcionar', 'nao funciona', 'kopieer', 'werkt niet',
  ].join('|'),
);

/** "If you didn't request this …": links there undo or report, they are not the main action. */
export const DIDNT_REQUEST = new RegExp(
  [
    "didn'?t", 'did not', "don'?t recogni", 'do not recogni', "wasn'?t you", 'was not you', 'not you\\?',
    'not expecting', "weren'?t expecting", "haven'?t requested", 'if this was not', 'nicht angefordert',
    'nicht von ihnen', 'nicht sie', "pas a l'origine", "n'avez pas", "n'etes pas", 'no has solicitado',
    'no solicitaste', 'no fuiste', 'nao foi voce', 'nao solicitou', 'nao fez', 'niet aangevraagd',
  ].join('|'),
);

/** Labels for the "read more" family and other content links a newsletter repeats. */
export const CONTENT_LABEL = /read more|learn more|see more|more options|weiterlesen|mehr erfahren|en savoir plus|lire la suite|leer mas|saiba mais|leia mais|lees meer|→$|»$/;

/** Action verbs that make a plain-text link the mail's primary action when nothing better exists. */
export const ACTION_LABEL = /\b(?:track|view|open|go to|see|review|manage|check|download|get started|continue|verfolgen|ansehen|offnen|suivre|voir|ouvrir|rastrear|acompanhar|seguir|ver)\b/;

const RESET = new RegExp(
  [
    '(?:reset|forgot|recover|restore|change|new|set|choose|update|create)[a-z ]{0,20}password', 'password reset',
    'passwort', 'kennwort', 'mot de passe', 'contrasena', 'senha', 'wachtwoord', 'reinitialis', 'zurucksetzen',
    'restablecer', 'redefinir', 'recuperar (?:la |a |tu |sua )?(?:contrasena|senha|cuenta|conta|clave)',
    // it, pl, cs, sv, da/no, fi, tr, ru/uk, ja, zh, ko (fold() keeps ł and Cyrillic/CJK as written)
    'reimposta', 'has[lł]o', 'zresetuj', '\\bheslo\\b', 'obnovit heslo', 'losenord', 'adgangskode', 'passord', 'salasana',
    '\\bsifre', 'парол', 'パスワード', '密码', '密碼', '비밀번호',
  ].join('|').normalize('NFD'), // fold() decomposes kana and hangul too
);
const REJECT = new RegExp(
  [
    '\\b(?:reject|decline|deny|disallow|cancel)\\b', '^no\\b', '\\bnot me\\b', "wasn'?t me", 'was not me',
    'secure my account', 'ablehnen', 'zuruckweisen', 'das war ich nicht', 'ich war es nicht', 'nicht ich',
    '\\brefuser\\b', '\\brejeter\\b', '\\bdecliner\\b', "n'etait pas moi", 'ce n.etait pas moi', '\\brechazar\\b',
    '\\bdenegar\\b', '\\bdeclinar\\b', 'no fui yo', 'no era yo', '\\brecusar\\b', '\\brejeitar\\b',
    'nao fui eu', '\\bafwijzen\\b', '\\bweigeren\\b', '\\bremove (?:my |your |this |the )?(?:e-?mail|address)',
    '\\brifiut', '\\bodrzu', '\\bzamitn', '\\bavvisa\\b', '\\bafvis', '\\bhylkaa', '\\breddet', 'отклон', 'отказ', '拒否', '拒绝', '拒絕', '거절', '거부',
  ].join('|').normalize('NFD'), // fold() decomposes kana and hangul too
);
const SUBSCRIBE_CONFIRM = /subscribe me|yes,? subscribe|confirm (?:my |your |the )?subscription|\bopt.?in\b|anmeldung bestatigen|abonnement bestatigen|confirmer (?:mon |votre )?abonnement|confirmar (?:mi |tu |a )?suscripcion|confirmar (?:a )?inscricao/;
const INVITE = new RegExp(
  [
    '\\baccept\\b', '\\bjoin\\b', '\\binvitation\\b', '\\binvite\\b', 'einladung', '\\bannehmen\\b', 'beitreten',
    '\\brejoindre\\b', '\\baccepter\\b', '\\baceptar\\b', '\\bunirme\\b', '\\bunirte\\b', '\\bunirse\\b',
    '\\baceitar\\b', '\\bconvite\\b', '\\binvitacion\\b', '\\baccepteren\\b', '\\buitnodiging\\b',
  ].join('|'),
);
/** The reader inviting others (referrals, "invite your team") is not an invitation to them. */
const INVITE_OTHERS = /\binvite (?:your |a |some |more )?(?:friends?|team|teammates|colleagues|coworkers|people|others|members)\b|\bfreunde einladen\b|\binviter (?:des |vos )?amis\b|\binvita(?:r)? (?:a )?(?:tus |seus )?amig|\bconvidar amigos\b/;
/** "Join" a meeting or a call is the meeting link, not accepting an invitation. */
const JOIN_CALL = /\bjoin\b.{0,30}\b(?:meeting|call|meet|video|webinar|zoom|stream|live|session|room)\b|\bjoin (?:with|by|via|now)\b/;
const ACTIVATE = /\bactivat(?:e|ion)\b|\baktivier|\bactiver\b|\bactivez\b|\bactivar\b|\bactiva\b|\bativar\b|\bative\b|\bactiveer|enable (?:my |your )?account/;
const APPROVE = new RegExp(
  [
    '\\bapprov', '\\bauthori[sz]e', '\\ballow\\b', '\\bgrant\\b', 'confirm (?:sign.?in|login|device)',
    '(?:it|this|that) was me', '^yes\\b', 'genehmigen', 'freigeben', 'zustimmen', '\\berlauben\\b', 'das war ich',
    '\\bapprouv', '\\bautoriser\\b', "c'etait moi", '\\baprob', '\\bautorizar\\b', '\\bpermitir\\b', 'fui yo',
    '\\baprovar\\b', 'fui eu', '\\bgoedkeuren\\b',
    '\\bapprova\\b', '\\bapprovare\\b', '\\bzatwierd', '\\bschval', '\\bgodkann', '\\bgodkend', '\\bhyvaksy', '\\bonayla', 'одобр', 'утверд', 'схвал',
    '承認', '批准', '승인',
  ].join('|').normalize('NFD'), // fold() decomposes kana and hangul too
);
const LOGIN = new RegExp(
  [
    '\\b(?:sign|log)[ -]?in\\b', '\\blogin\\b', '\\bsignin\\b', 'magic link', '\\banmelden\\b', '\\beinloggen\\b',
    'se connecter', '\\bconnexion\\b', 'iniciar sesion', '\\bentrar\\b', '\\bacessar\\b', 'fazer login',
    '\\binloggen\\b', '\\baccedi\\b', '\\bacceder\\b', 'connectez-vous', 'connecte-toi', 'conectate', 'inicia sesion',
    'faca login', 'melde dich an', 'melden sie sich an',
  ].join('|'),
);
// Word endings are bounded ({0,12}): unbounded, a long word of repeated stems ("подтвердподтверд…")
// is rescanned from each stem, quadratic in the word.
const VERIFY = new RegExp(
  [
    '\\bverif', '\\bvalidat', '\\bvalider\\b', '\\bvalidar\\b',
    '\\bconfirm[a-z]{0,3}\\b.{0,40}\\b(?:e-?mail|address|account|adresse|compte|correo|cuenta|conta|endereco|registration|inscription|registro|cadastro)',
    '(?:e-?mail|adresse|konto|account).{0,20}(?:bestatig|bestaetig|verifizier)', 'bestatigen sie ihre (?:e-?mail|adresse|konto)',
    'complete (?:your )?(?:registration|sign.?up)', 'registrierung abschliessen', 'finaliser (?:votre |mon )?inscription',
    'completar (?:el |o |tu |seu )?(?:registro|cadastro)', 'concluir (?:o |seu )?cadastro',
    '\\bpotwierd[zź][a-z]{0,12} (?:sw[oó]j |tw[oó]j )?(?:adres|e-?mail|konto)', '\\boveri', '\\bdogrula', '\\bvahvista (?:sahkoposti|tili)',
    'подтверд[а-я]{0,12} (?:свой |ваш |вашу |свою )?(?:адрес|почт|e-?mail|email|аккаунт|учетн)', 'підтверд[а-я]{0,12} (?:адрес|пошт|e-?mail|email|обліков)',
    'メールアドレス.{0,12}確認', '認証', '验证', '驗證', '이메일.{0,12}(?:인증|확인)', '인증',
  ].join('|').normalize('NFD'), // fold() decomposes kana and hangul too
);
const CONFIRM = /\bconfirm|bestatig|bestaetig|\bconfirmer\b|\bconfirmez\b|\bconfirmar\b|\bconfirme\b|\bbevestig|\bconferma/;
const CHANGE = /\bchange|anderung|\bandern|changement|modif|cambio|alteracao|alterar|wijziging|\bnew (?:e-?mail|address)|\bneue (?:e-?mail|adresse)|nouvelle adresse|nuevo correo|novo e-?mail/;
/** Subject lines of calendar invitations: there "Yes"/"No" answer the invitation. */
export const INVITATION_SUBJECT = /^(?:updated )?(?:invitation|einladung|invitacion|convite|invito|uitnodiging)\b|\brsvp\b/;

export interface ClassifyOptions {
  /** The mail is a (calendar) invitation: "Yes" accepts it. */
  invitation?: boolean;
}

/** Best-matching CTA type for folded text, or undefined. Order encodes precedence. */
export function classifyText(folded: string, opts: ClassifyOptions = {}): CtaType | undefined {
  if (!folded) return undefined;
  if (REJECT.test(folded)) return 'rejection';
  if (RESET.test(folded)) return 'password_reset';
  if (JOIN_CALL.test(folded)) return 'primary_action';
  if (opts.invitation && /^(?:yes|accept|ja|oui|si|sim)\b/.test(folded)) return 'invitation';
  if (SUBSCRIBE_CONFIRM.test(folded)) return 'confirmation';
  if (INVITE.test(folded) && !INVITE_OTHERS.test(folded)) return 'invitation';
  if (ACTIVATE.test(folded)) return 'activation';
  if (APPROVE.test(folded)) return 'approval';
  if (VERIFY.test(folded)) return CHANGE.test(folded) ? 'confirmation' : 'verification';
  if (LOGIN.test(folded)) return 'magic_login';
  if (CONFIRM.test(folded)) return 'confirmation';
  return undefined;
}

const URL_WORDS: Array<[CtaType, Set<string>]> = [
  ['password_reset', new Set(['reset', 'password', 'passwort', 'recover', 'recovery', 'forgot', 'reinitialiser', 'redefinir', 'senha', 'contrasena', 'wachtwoord', 'set-password', 'reset-password', 'passwordreset'])],
  ['rejection', new Set(['reject', 'deny', 'decline', 'cancel', 'refuser', 'rechazar', 'recusar', 'ablehnen', 'rejeitar'])],
  ['approval', new Set(['approve', 'approval', 'authorize', 'authorise', 'approuver', 'aprobar', 'aprovar', 'genehmigen'])],
  ['invitation', new Set(['invite', 'invitation', 'invitations', 'invites', 'join', 'invitaciones', 'invitacion', 'convite', 'einladung', 'accept'])],
  ['activation', new Set(['activate', 'activation', 'activar', 'ativar', 'aktivieren', 'activer'])],
  ['verification', new Set(['verify', 'verification', 'verify-email', 'validate', 'validation', 'verificar', 'verifier', 'verifizieren', 'confirm-email', 'email-confirm', 'verificar-email'])],
  ['magic_login', new Set(['magic', 'magic-link', 'magiclink', 'login', 'signin', 'sign-in', 'log-in', 'sso', 'link-magico', 'entrar', 'connexion', 'anmelden', 'acceso', 'acesso'])],
  ['confirmation', new Set(['confirm', 'confirmation', 'bestaetigen', 'bestatigen', 'confirmer', 'confirmar', 'bevestigen'])],
];

/** CTA type suggested by the words of a URL's path and parameter names. */
export function classifyUrl(path: string, paramNames: string[]): CtaType | undefined {
  const words = new Set<string>();
  for (const w of path.split(/[^a-z0-9-]+/)) {
    if (!w) continue;
    words.add(w);
    for (const part of w.split('-')) if (part) words.add(part);
  }
  for (const p of paramNames) words.add(p.toLowerCase());
  for (const [type, vocab] of URL_WORDS) {
    for (const w of words) if (vocab.has(w)) return type;
  }
  return undefined;
}

/** Parameter names that carry a one-time token in action links. */
export const TOKEN_PARAMS = new Set(['token', 't', 'tok', 'k', 'key', 'code', 'c', 'sig', 'signature', 'hash', 'h', 'otp', 'auth', 'jeton', 'clave', 'vt', 'req', 'ticket', 'nonce', 'upn', 'conf', 'uid']);
