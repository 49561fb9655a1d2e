/**
 * The keyword families the safety rules combine, on folded text (./text.ts: lower case,
 * homoglyphs and leetspeak folded, "-" and "_" read as spaces). One list per meaning, each with
 * its stems in English, German, Spanish, French, Portuguese, Italian, Dutch, Japanese and Chinese:
 * adding a language is adding its stems here. A stem ending in "*" is a prefix; Latin stems
 * otherwise match whole words.
 */
import type { Family } from './text.ts';

/** Words that name an automated reader: the addressee of an injection. */
export const AI_READER: Family = [
  'ai', 'a.i.', 'ai assistant*', 'assistant', 'assistants', 'llm', 'llms', 'chatbot', 'copilot', 'gpt*', 'language model',
  'ai model', 'ai agent*', 'automated agent', 'automated assistant', 'automated reader', 'automated screener', 'automated system',
  'email agent', 'mail agent', 'inbox agent', 'agent reading', 'agent processing', 'agent handling', 'agent managing',
  'model reading', 'model processing', 'summariser', 'summarizer', 'whoever summari*', 'whoever reads', 'whoever processes',
  'ki', 'ki assistent*', 'assistent', 'assistenten', 'assistentin', 'sprachmodell', 'ki agent*',
  'ia', 'asistente', 'asistente de ia', 'agente de ia', 'modelo de lenguaje',
  'assistant ia', 'assistant d\'ia', 'agent ia', 'modèle de langage',
  'assistente', 'assistente virtuale', 'agente ia', 'modello linguistico',
  'アシスタント', 'エージェント', '人工知能', '言語モデル', 'ボット',
  '助手', '智能体', '人工智能', '大模型', '语言模型', '机器人',
];

/** Verbs that dismiss earlier instructions. */
export const IGNORE: Family = [
  'ignore', 'ignoring', 'disregard', 'forget', 'override', 'overrule', 'bypass', 'discard', 'drop all',
  'ignoriere', 'ignorieren', 'ignoriert', 'vergiss', 'vergessen', 'missachte', 'überschreibe',
  'ignora', 'ignore', 'ignorar', 'ignorad', 'olvida', 'olvidar', 'omite',
  'ignorez', 'oublie', 'oubliez', 'ignorer',
  'ignori', 'dimentica', 'negeer', 'vergeet',
  '無視', 'むし', '忘れ', '忽略', '无视', '忘记', '忘掉', '不要理会',
];

/** What the dismissed thing is: instructions, rules, prompts. */
export const INSTRUCTIONS: Family = [
  'instruction*', 'prompt', 'prompts', 'system prompt', 'directive*', 'guideline*', 'guardrail*', 'rules', 'previous context',
  'anweisung*', 'instruktion*', 'vorgaben', 'regeln', 'richtlinien',
  'instrucci*', 'reglas', 'indicaciones', 'directrices',
  'consigne*', 'règles', 'directives',
  'istruzioni', 'regole', 'instructies', 'regels', 'instruções', 'regras',
  '指示', '命令', 'ルール', 'プロンプト', '指令', '指示', '规则', '提示词', '说明',
];

/** A new persona or rule set announced to the reader. */
export const PERSONA: Family = [
  'you are now', 'from now on you', 'new instructions for', 'new rules for', 'your new instructions', 'your new role', 'act as the',
  'developer mode', 'jailbreak mode',
  'du bist jetzt', 'neue anweisungen für', 'neue regeln für', 'ab sofort bist du',
  'ahora eres', 'nuevas instrucciones para', 'a partir de ahora eres',
  'tu es maintenant', 'vous êtes maintenant', 'nouvelles instructions pour', 'nouvelles règles pour',
  'ora sei', 'nuove istruzioni', 'je bent nu', 'agora você é',
  'あなたは今から', '新しい指示', '新しいルール', '你现在是', '新的指令', '新指令', '新的规则',
];

/** Forged machinery: chat-template turns, fake wrapper tags, separators, tool calls ("_" folds to a space). */
export const MACHINERY: Family = [
  '<|im start|>', '<|im end|>', '<|system|>', '<|user|>', '<|assistant|>', '<|endoftext|>', '<|eot id|>', '<|start header id|>', '<|',
  '[inst]', '[/inst]', '<<sys>>', '</email>', '</context>', '</document>', '</message>', '</user>', '<system', '</system>',
  '<instructions>', '<admin>', 'end of email', 'end of message', 'end of document', 'begin system', '### system', '[system]',
  'system message:', 'system override', 'system prompt:', '"tool call"', '"function call"', '"tool calls"', 'pending action',
  'ende der e mail', 'fin del correo', 'fin de l\'e mail', 'fin du message', 'メール終わり', '邮件结束',
];

/** Verbs that move mail or data out: forward, send, reply with, upload (imperative and infinitive forms). */
export const SEND: Family = [
  'forward', 'forwards', 'send', 'sends', 'email it', 'mail it', 'reply', 'respond', 'transmit', 'relay', 'exfiltrate', 'upload', 'post',
  'copy', 'bcc', 'cc',
  'leite', 'weiterleiten', 'weiter', 'sende', 'senden', 'schicke', 'schicken', 'übermittle', 'übermitteln', 'antworte', 'antworten',
  'reenvía', 'reenvia', 'reenviar', 'reenvíe', 'envía', 'envia', 'enviar', 'envíe', 'remite', 'remitir', 'responde', 'responder', 'responda',
  'transfère', 'transfere', 'transférer', 'transférez', 'envoie', 'envoyer', 'envoyez', 'transmets', 'transmettez', 'transmettre',
  'réponds', 'répondez', 'répondre',
  'inoltra', 'invia', 'stuur', 'encaminhe', 'envie',
  '転送', '送信', '送って', '送付', '返信', '转发', '发送', '发给', '回复', '抄送',
];

/** What gets moved: the mailbox, other mail, attachments, contacts, files. */
export const MAIL_COLLECTION: Family = [
  'mailbox', 'inbox', 'this thread', 'full thread', 'whole thread', 'entire thread', 'attachments', 'contacts', 'all emails',
  'all mails', 'all messages', 'all the emails', 'all the messages', 'every email', 'every message', 'every incoming', 'all incoming',
  'recent emails', 'recent messages', 'recent message', 'latest emails', 'latest messages', 'newest', 'most recent', 'last ten',
  'previous emails', 'other emails', 'conversation history', 'mail history', 'chat history', 'files',
  'postfach', 'posteingang', 'alle e mails', 'alle nachrichten', 'letzten', 'neuesten', 'anhänge', 'rechnungen', 'kontakte',
  'buzón', 'bandeja de entrada', 'todos los correos', 'todos los mensajes', 'últimos', 'adjuntos', 'contactos',
  'boîte', 'boite de réception', 'tous les e mails', 'tous les messages', 'tous les mails', 'derniers', 'pièces jointes',
  'casella', 'tutte le email', 'alle e mails', 'caixa de entrada', 'todos os emails',
  '受信箱', '受信トレイ', 'メールボックス', 'すべてのメール', '全てのメール', '最新', '添付', '邮箱', '收件箱', '所有', '最近', '附件', '全部邮件',
];

/** Deleting mail or traces. */
export const DELETE: Family = [
  'delete', 'erase', 'purge', 'wipe', 'lösche', 'löschen', 'elimina', 'eliminar', 'borra', 'borrar', 'supprime', 'supprimer', 'supprimez',
  'cancella', 'verwijder', 'apague', '削除', '消去', '删除', '删掉',
];

/** Revealing secrets or the reader's own instructions. */
export const REVEAL: Family = [
  'reveal', 'disclose', 'print your', 'output your', 'repeat your', 'show your', 'leak', 'tell me your', 'share your',
  'verrate', 'gib deine', 'zeige deine', 'revela', 'muestra tus', 'révèle', 'affiche tes', 'rivela',
  '教えて', '開示', '透露', '泄露', '告诉我',
];

/** Changing settings, rules, allowlists, labels. */
export const SETTINGS: Family = [
  'allowlist', 'allow list', 'whitelist', 'trusted senders', 'trusted sender', 'safe senders', 'safe sender', 'safe list', 'trusted list',
  'create a rule', 'create a filter', 'forwarding rule', 'inbox rule', 'mail rule', 'auto forward*', 'disable', 'turn off', 'deactivate',
  'mark all', 'mark as important', 'mark it as', 'mark them as', 'as important', 'not spam',
  'vertrauenswürdige', 'weiterleitungsregel', 'regel erstell*', 'deaktiviere', 'lista blanca', 'remitentes seguros', 'desactiva',
  'crea una regla', 'liste blanche', 'expéditeurs approuvés', 'désactive', 'crée une règle', 'créez une règle',
  'ホワイトリスト', '許可リスト', '転送ルール', '無効に', '白名单', '信任', '转发规则', '关闭', '禁用',
];

/** Approving, paying, accepting on the user's behalf. */
export const APPROVE: Family = [
  'approve', 'pay the', 'pay all', 'pay this', 'accept the offer', 'accept this', 'confirm the order', 'sign the', 'authorize the', 'authorise the',
  'on behalf of the user', 'on the user\'s behalf', 'must be paid', 'be paid to',
  'bestätige', 'im namen der nutzer*', 'im namen des nutzers', 'auftrag erteilt', 'genehmige', 'bezahle', 'überweise',
  'aprueba', 'acepta la', 'paga', 'en nombre del usuario', 'approuve', 'accepte', 'paie', 'au nom de l\'utilisateur',
  '承認', '支払', '代わりに', '批准', '付款', '支付', '代表用户',
];

/** Writing into what the user will read: the summary, the reply. */
export const SUMMARY: Family = [
  'your summary', 'in the summary', 'when you summari*', 'when summari*', 'tell the user', 'tell them that', 'inform the user that',
  'report "', 'say that', 'append', 'include the following', 'add the following', 'add this line',
  'zusammenfassung', 'teile der nutzerin mit', 'teile dem nutzer mit', 'resumen', 'dile al usuario', 'résumé', 'dis à l\'utilisateur',
  '要約', 'ユーザーに伝え', '摘要', '总结', '告诉用户',
];

/** Hiding the action from the person. */
export const CONCEAL: Family = [
  'do not mention', 'don\'t mention', 'do not tell', 'don\'t tell', 'do not inform', 'do not notify', 'without telling', 'without informing',
  'without mentioning', 'silently', 'secretly', 'keep this from', 'keep it from', 'do not reveal these', 'hide this', 'do it quietly',
  'not mention this', 'not mention these', 'never mention',
  'erwähne', 'nicht erwähnen', 'ohne die nutzerin', 'ohne den nutzer', 'heimlich', 'stillschweigend', 'sag nichts',
  'sin comentarlo', 'no se lo comentes', 'no le digas', 'sin decirle', 'sin avisar', 'en silencio', 'no lo menciones', 'no menciones',
  'sans le dire', 'sans prévenir', 'sans en parler', 'ne mentionne pas', 'ne le dis pas', 'discrètement', 'en silence',
  'senza dirlo', 'in silenzio', 'zonder te melden', 'sem avisar',
  '知らせない', '伝えない', '言わない', '黙って', '内緒', 'こっそり', '不要告诉', '不要通知', '别告诉', '悄悄', '静默', '不要让用户',
];

/** Claims that the user already agreed, or that checks are unnecessary. */
export const BYPASS: Family = [
  'no need to check', 'no need to confirm', 'no need to ask', 'without checking with', 'without asking', 'without confirmation',
  'no further confirmation', 'already agreed', 'already approved', 'pre approved', 'preapproved', 'approved by the account owner',
  'approved by the owner', 'authorised you', 'authorized you', 'the user wants you', 'the user has asked you', 'instead of asking',
  'ohne rückfrage', 'ohne nachfrage', 'bereits zugestimmt', 'sin consultar', 'sin confirmar', 'ya lo aprobó', 'sans demander',
  'sans confirmation', 'déjà accepté', '確認不要', '確認せず', '无需确认', '不用确认', '已经同意',
];

/** Fetching or opening links. */
export const CLICK: Family = [
  'click', 'open the link', 'visit the link', 'fetch', 'load the image', 'klicke', 'öffne den link', 'haz clic', 'abre el enlace',
  'clique', 'ouvre le lien', 'クリック', 'リンクを開', '点击', '打开链接',
];

/** Decoding an encoded block and following it. */
export const DECODE: Family = [
  'decode', 'base64', 'decodifica*', 'dekodiere', 'entschlüssele', 'décode', 'décodez', 'デコード', '解码',
];
export const FOLLOW: Family = [
  'follow', 'execute', 'run', 'carry out', 'obey', 'befolge', 'führe', 'sigue', 'ejecuta', 'cumple', 'suis', 'suivez', 'exécute',
  '従', '実行', '执行', '遵循', '照做',
];

/**
 * Words that make a mail *about* injection or fraud (newsletter, awareness training, code
 * review, CI report): examples quoted inside it are not aimed at its reader.
 */
export const DISCUSSION: Family = [
  'prompt injection', 'injection', 'jailbreak', 'phishing', 'attack', 'attacks', 'attacker*', 'payload*', 'malicious', 'exploit*',
  'red team*', 'adversarial', 'social engineering', 'awareness', 'pull request', 'merge request', 'code review', 'diff', 'unit test*',
  'test case*', 'ci pipeline', 'incident review', 'security researcher*', 'vulnerabilit*',
  'angriff*', 'angreifer', 'betrüger', 'schadcode', 'ataque*', 'atacante*', 'inyección', 'suplantación', 'attaque*', 'attaquant*',
  'hameçonnage', 'attacco', 'aanval',
  '攻撃', 'インジェクション', 'フィッシング', '脆弱性', '攻击', '注入', '钓鱼', '诈骗', '漏洞',
];

/** Secrets a mail may ask for. */
export const SECRET: Family = [
  'password*', 'passcode*', 'passphrase', 'pin', 'pin code', 'one time code', 'one time password', 'verification code*', 'security code*',
  'confirmation code', 'authentication code', 'login code', 'sign in code', 'access code', '2fa code', 'otp', 'sms code', 'cvv', 'cvc', 'cvv2',
  'card number', 'credit card number', 'card details', 'card data', 'expiry date', 'expiration date', 'security question*', 'security answer*',
  'api key*', 'secret key', 'private key', 'access token', 'auth token', 'recovery phrase', 'seed phrase', 'recovery code*', 'backup code*',
  'credentials', 'login details', 'door code', 'delivery pin', 'that code', 'the code',
  'passwort', 'kennwort', 'tan', 'zugangsdaten', 'anmeldedaten', 'sicherheitscode', 'bestätigungscode', 'einmalcode', 'kartennummer',
  'kartenprüfnummer', 'prüfziffer', 'ablaufdatum', 'sicherheitsfrage*',
  'contraseña', 'clave', 'código de verificación', 'código de seguridad', 'código de acceso', 'código', 'número de tarjeta',
  'número completo de la tarjeta', 'tarjeta', 'fecha de caducidad', 'fecha de vencimiento', 'credenciales',
  'mot de passe', 'code de vérification', 'code de sécurité', 'code de confirmation', 'code à usage unique', 'identifiants',
  'numéro de carte', 'cryptogramme', 'date d\'expiration', 'code pin', 'le code', 'ce code',
  'senha', 'codice di verifica', 'wachtwoord',
  'パスワード', '暗証番号', '認証コード', '確認コード', 'セキュリティコード', 'ワンタイム', 'カード番号', '有効期限', '秘密の質問',
  '密码', '验证码', '动态码', '安全码', '卡号', '银行卡号', '有效期', '口令',
];

/** Asking the reader to hand something over (reply, form, "have it ready"). */
export const ASK: Family = [
  'reply to this', 'reply with', 'respond with', 'respond to this', 'send us', 'send back', 'send me', 'provide', 'enter your', 'type your',
  'confirm your', 'verify your', 'update your', 'submit', 'paste', 'share your', 'give us', 'tell us', 'you will need your',
  'you will be asked', 'sign in with your', 'log in with your', 'login with your', 'need your', 'requires your', 'include your', 'ask for',
  'antworten sie', 'senden sie', 'geben sie ihre', 'geben sie ihren', 'teilen sie', 'nennen sie', 'halten sie', 'bereithalten', 'eingeben',
  'bestätigen sie', 'verifizieren sie',
  'responda', 'responde', 'indique', 'indicando', 'envíe', 'envíenos', 'facilite', 'proporcione', 'introduzca', 'ingrese', 'confirme su',
  'répondez', 'répondre', 'envoyez', 'indiquez', 'saisissez', 'communiquez', 'fournissez', 'confirmez votre', 'collant', 'coller',
  'rispondi', 'inserisci', 'responda com',
  '入力', '返信', 'お知らせください', '教えて', '送信', 'ご回答', '输入', '回复', '提供', '发送', '告知',
];

/** Negations and warnings that turn a sentence about a secret into advice. */
export const NEGATION: Family = [
  'never', 'not', 'don\'t', 'do not', 'didn\'t', 'did not', 'won\'t', 'will not', 'nobody', 'no one', 'don’t', 'won’t', 'didn’t',
  'nie', 'niemals', 'nicht', 'keine', 'kein', 'nunca', 'no', 'jamás', 'jamais', 'ne', 'pas', 'mai', 'nooit',
  '決して', '絶対に', 'しません', 'ない', '不会', '不要', '切勿', '请勿', '绝不', '从不', '不',
];

/** Requests for money (Reply-To elsewhere plus one of these is a spoofing signal). */
export const MONEY: Family = [
  'wire transfer', 'wire the', 'bank transfer', 'make a payment', 'make the payment', 'process a payment', 'process the payment',
  'transfer the funds', 'send the funds', 'pay the invoice', 'pay now', 'gift card*', 'payment today', 'urgent payment',
  'überweisung', 'überweisen', 'zahlung veranlassen', 'transferencia', 'realice el pago', 'efectúe el pago', 'virement', 'effectuer le paiement',
  '振込', '送金', '汇款', '转账', '付款',
];
