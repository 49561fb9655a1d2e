// SPDX-License-Identifier: MPL-2.0
/**
 * Documented reply/forward header strings of one mail client, Mozilla Thunderbird, per locale: the
 * attribution lines it writes above a quoted reply ("#1 wrote:", "On #2 #3, #1 wrote:", "#1 wrote on
 * #2 #3:"), its "-------- Original Message --------" reply separator, its "-------- Forwarded Message
 * --------" inline-forward separator, and the header labels (Subject, Date, From, To, CC) of the block
 * under that separator. Data only: nothing here is executed, and no other module is changed by it.
 *
 * Source: the public repository thunderbird/thunderbird-l10n, files
 *   <locale>/mail/chrome/messenger/messengercompose/composeMsgs.properties
 *     mailnews.reply_header_authorwrotesingle -> authorWroteSingle
 *     mailnews.reply_header_ondateauthorwrote -> onDateAuthorWrote
 *     mailnews.reply_header_authorwroteondate -> authorWroteOnDate
 *     mailnews.reply_header_originalmessage   -> originalMessage
 *     mailnews.forward_header_originalmessage -> forwardedMessage
 *   <locale>/mail/chrome/messenger/mime.properties
 *     1000 (MIME_MHTML_SUBJECT), 1007 (DATE), 1009 (FROM), 1012 (TO), 1013 (CC) -> forwardLabels
 * en-US is not in that repository; its composeMsgs.properties was taken from
 *   mozilla/releases-comm-central mail/locales/en-US/chrome/messenger/messengercompose/composeMsgs.properties
 * (commit 036140ce94099add99fb8a3bc0a35a5d5d6a0075). The only en-US mime.properties in the index is an
 * old mozilla-central copy under the earlier MPL 1.1/GPL/LGPL licence block, so en-US has no forwardLabels.
 *
 * Commits: each entry's `commit` is the commit of the composeMsgs.properties version read; the
 * mime.properties commit is noted on the line above each forwardLabels. composeMsgs.properties commits:
 *   09e987749e000af2404ea1e3e666c75dc3eb16ff: 58 locales
 *   0508abcd2957d17b529ef6f6439f545e0f081a57: ca
 *   0072b10bcbf59c4293e7ea6629b07f0ac20c0da1: el
 *   036140ce94099add99fb8a3bc0a35a5d5d6a0075: en-US
 *   05355f167dcfe29f0e82ebb0e184a2844465c290: fr
 *   07dbe7e764a8f910034c9146fe7ee4c8c53cb949: gd
 *   5cd4604acabc07c60b0d7d31b0742b41ebc61651: ja
 *   728a3489ee662502f4f020dc7fa6468f7ce4b0f3: ja-JP-mac
 *   005a0c1aa8017c69f34a39ffaa007d300e1e3cfe: ka
 *   067b6af61b303eaa97663152c7fb35d04dcd2347: ro
 *   002af1f4e1b5f3f79177851584d65e908e373a82: sv-SE
 * mime.properties commits:
 *   1beaf519c3fcb3d3559bde58f014112c18808852: 36 locales
 *   2a76731468bbf6aa6987a732ac0fd41f36ce62a4: 23 locales
 *   0ff949b2b749af7f0da865249cde69926ead99a2: ka
 *   ebd9b2bd758a593473e7cca6ed14724af23753a8: pa-IN
 *   283b3c697d1be79165437401dc1d7802484578ce: sk
 *   10f4813dff0cd4c90bca84044283eeb81ca4585e: sq
 *   07e1605a101098f709a829d4739ba10467512a2f: tr
 *   1667e737ab38197ae14f20380114bc346d62305a: zh-CN
 *
 * Licence: the source files are under the Mozilla Public License 2.0 (http://mozilla.org/MPL/2.0/).
 * These strings are used as data and are kept in this one file under that licence's terms; this file
 * is therefore MPL-2.0 (see the SPDX line), whatever the licence of the rest of the repository.
 *
 * Generated from the upstream files, not edited by hand. Values are exactly as upstream after
 * .properties unescaping (\uXXXX decoded; the separator and the whitespace before a value dropped, as a
 * .properties reader does); the placeholders #1 (author), #2 (date), #3 (time) are left as they are, and so
 * are upstream quirks (ko's authorWroteSingle uses "%s"; lv's is "# 1 rakstīja:"; ja, ja-JP-mac and
 * pa-IN ship the English strings; several locales use one string for both date orders). Two deliberate
 * exceptions: forwardLabels values are trimmed (fr's carry a trailing space before its colon), and
 * mime.properties 1041 (MIME_FORWARDED_MESSAGE_HTML_USER_WROTE, an "Original Message" line) is not
 * kept, since the inline-forward separator Thunderbird writes is mailnews.forward_header_originalmessage.
 * Where a locale uses a space before ":" (fr), the index renders it as a plain space; upstream may use
 * U+00A0 there, which could not be told apart through the index.
 * The index holds several versions of some files; the version read is the one it returned, which is
 * not necessarily the newest upstream. Keys missing from the files read are left out:
 *   af: authorWroteSingle, onDateAuthorWrote, authorWroteOnDate, forwardedMessage
 *   en-US: forwardLabels (see above)
 *   he: authorWroteOnDate
 *   ja: forwardLabels (no mime.properties for this locale in the index)
 *   ja-JP-mac: forwardLabels (no mime.properties for this locale in the index)
 *   mk: authorWroteSingle, onDateAuthorWrote, authorWroteOnDate, forwardedMessage
 *   pa-IN: authorWroteSingle, onDateAuthorWrote, authorWroteOnDate, forwardedMessage
 */

export interface ClientStrings {
  locale: string;
  commit: string;
  authorWroteSingle?: string;
  onDateAuthorWrote?: string;
  authorWroteOnDate?: string;
  originalMessage?: string;
  forwardedMessage?: string;
  forwardLabels?: { subject?: string; date?: string; from?: string; to?: string; cc?: string };
}

export const THUNDERBIRD_STRINGS: readonly ClientStrings[] = [
  {
    locale: 'af',
    commit: '09e987749e000af2404ea1e3e666c75dc3eb16ff',
    originalMessage: '-------- Oorspronklike boodskap --------',
    // mime.properties @ 1beaf519c3fcb3d3559bde58f014112c18808852
    forwardLabels: { subject: 'Onderwerp', date: 'Datum', from: 'Van', to: 'Aan', cc: 'CC' },
  },
  {
    locale: 'ar',
    commit: '09e987749e000af2404ea1e3e666c75dc3eb16ff',
    authorWroteSingle: 'كتب #1:',
    onDateAuthorWrote: 'على #2 #3، كتب #1:',
    authorWroteOnDate: 'كتب #1 على #2 #3:',
    originalMessage: '-------- الرسالة الأصليَّة --------',
    forwardedMessage: '-------- رسالة ممرّرة --------',
    // mime.properties @ 1beaf519c3fcb3d3559bde58f014112c18808852
    forwardLabels: { subject: 'الموضوع', date: 'التاريخ', from: 'مِن', to: 'إلى', cc: 'CC' },
  },
  {
    locale: 'ast',
    commit: '09e987749e000af2404ea1e3e666c75dc3eb16ff',
    authorWroteSingle: '#1 escribió:',
    onDateAuthorWrote: 'El #2 a les #3, #1 escribió:',
    authorWroteOnDate: '#1 escribió\'l #2 a les #3:',
    originalMessage: '-------- Mensaxe orixinal --------',
    forwardedMessage: '-------- Mensaxe reunviáu --------',
    // mime.properties @ 1beaf519c3fcb3d3559bde58f014112c18808852
    forwardLabels: { subject: 'Asuntu', date: 'Data', from: 'De', to: 'Pa', cc: 'CC' },
  },
  {
    locale: 'be',
    commit: '09e987749e000af2404ea1e3e666c75dc3eb16ff',
    authorWroteSingle: '#1 напісаў:',
    onDateAuthorWrote: '#2 у #3 #1 напісаў:',
    authorWroteOnDate: '#1 напісаў #2 у #3:',
    originalMessage: '-------- Зыходнае паведамленне --------',
    forwardedMessage: '-------- Перанакіраванае паведамленне --------',
    // mime.properties @ 2a76731468bbf6aa6987a732ac0fd41f36ce62a4
    forwardLabels: { subject: 'Тэма', date: 'Дата', from: 'Ад', to: 'Да', cc: 'СА' },
  },
  {
    locale: 'bg',
    commit: '09e987749e000af2404ea1e3e666c75dc3eb16ff',
    authorWroteSingle: '#1 написа:',
    onDateAuthorWrote: 'На #2 в #3, #1 написа:',
    authorWroteOnDate: '#1 написа на #2 в #3:',
    originalMessage: '-------- Оригинално писмо --------',
    forwardedMessage: '-------- Препратено писмо --------',
    // mime.properties @ 2a76731468bbf6aa6987a732ac0fd41f36ce62a4
    forwardLabels: { subject: 'Тема', date: 'Дата', from: 'От', to: 'До', cc: 'CC' },
  },
  {
    locale: 'br',
    commit: '09e987749e000af2404ea1e3e666c75dc3eb16ff',
    authorWroteSingle: 'Skrivet eo bet gant #1 :',
    onDateAuthorWrote: 'D\'an/ar #2 #3 eo bet skrivet gant #1 :',
    authorWroteOnDate: 'D\'an/ar #2 #3 eo bet skrivet gant #1 :',
    originalMessage: '-------- Kemennadenn orinel --------',
    forwardedMessage: '-------- Kemennadenn orinel --------',
    // mime.properties @ 2a76731468bbf6aa6987a732ac0fd41f36ce62a4
    forwardLabels: { subject: 'Danvez', date: 'Deiziad', from: 'A-berzh', to: 'Da', cc: 'CC' },
  },
  {
    locale: 'ca',
    commit: '0508abcd2957d17b529ef6f6439f545e0f081a57',
    authorWroteSingle: '#1 ha escrit:',
    onDateAuthorWrote: 'El #2 a les #3, #1 ha escrit:',
    authorWroteOnDate: '#1 ha escrit el #2 a les #3:',
    originalMessage: '-------- Missatge original --------',
    forwardedMessage: '-------- Missatge reenviat --------',
    // mime.properties @ 2a76731468bbf6aa6987a732ac0fd41f36ce62a4
    forwardLabels: { subject: 'Assumpte', date: 'Data', from: 'De', to: 'A', cc: 'CC' },
  },
  {
    locale: 'cak',
    commit: '09e987749e000af2404ea1e3e666c75dc3eb16ff',
    authorWroteSingle: '#1 xutz\'ib\'aj:',
    onDateAuthorWrote: 'Ri #2 #3, #1 xutz\'ib\'aj:',
    authorWroteOnDate: '#1 xutz\'ib\'aj pa #2 #3:',
    originalMessage: '-------- Qitzij Rutzijol --------',
    forwardedMessage: '-------- Taqon chik Rutzijol --------',
    // mime.properties @ 1beaf519c3fcb3d3559bde58f014112c18808852
    forwardLabels: { subject: 'Taqikil', date: 'Q\'ijul', from: 'Richin', to: 'Chi re', cc: 'CC' },
  },
  {
    locale: 'cs',
    commit: '09e987749e000af2404ea1e3e666c75dc3eb16ff',
    authorWroteSingle: '#1 napsal(a):',
    onDateAuthorWrote: 'Dne #2 v #3 #1 napsal(a):',
    authorWroteOnDate: '#1 napsal(a) dne #2 v #3:',
    originalMessage: '-------- Původní zpráva --------',
    forwardedMessage: '-------- Přeposlaná zpráva --------',
    // mime.properties @ 1beaf519c3fcb3d3559bde58f014112c18808852
    forwardLabels: { subject: 'Předmět', date: 'Datum', from: 'Od', to: 'Komu', cc: 'Kopie' },
  },
  {
    locale: 'cy',
    commit: '09e987749e000af2404ea1e3e666c75dc3eb16ff',
    authorWroteSingle: 'Ysgrifennodd #1:',
    onDateAuthorWrote: 'Ar #2 #3, ysgrifennodd #1:',
    authorWroteOnDate: 'Ysgrifennodd #1 ar #2 #3:',
    originalMessage: '-------- Neges Wreiddiol --------',
    forwardedMessage: '-------- Neges Wreiddiol --------',
    // mime.properties @ 1beaf519c3fcb3d3559bde58f014112c18808852
    forwardLabels: { subject: 'Pwnc', date: 'Dyddiad', from: 'Oddi wrth', to: 'I', cc: 'CC' },
  },
  {
    locale: 'da',
    commit: '09e987749e000af2404ea1e3e666c75dc3eb16ff',
    authorWroteSingle: '#1 skrev:',
    onDateAuthorWrote: 'Den #2 kl. #3 skrev #1:',
    authorWroteOnDate: '#1 skrev den #2 kl. #3:',
    originalMessage: '-------- Oprindelig meddelelse --------',
    forwardedMessage: '-------- Videresendt meddelelse --------',
    // mime.properties @ 2a76731468bbf6aa6987a732ac0fd41f36ce62a4
    forwardLabels: { subject: 'Emne', date: 'Dato', from: 'Fra', to: 'Til', cc: 'Kopi til (CC)' },
  },
  {
    locale: 'de',
    commit: '09e987749e000af2404ea1e3e666c75dc3eb16ff',
    authorWroteSingle: '#1 schrieb:',
    onDateAuthorWrote: 'Am #2 um #3 schrieb #1:',
    authorWroteOnDate: '#1 schrieb am #2 um #3:',
    originalMessage: '-------- Original-Nachricht --------',
    forwardedMessage: '-------- Weitergeleitete Nachricht --------',
    // mime.properties @ 1beaf519c3fcb3d3559bde58f014112c18808852
    forwardLabels: { subject: 'Betreff', date: 'Datum', from: 'Von', to: 'An', cc: 'Kopie (CC)' },
  },
  {
    locale: 'dsb',
    commit: '09e987749e000af2404ea1e3e666c75dc3eb16ff',
    authorWroteSingle: '#1 jo napisał:',
    onDateAuthorWrote: '#2 #3 jo #1 napisał:',
    authorWroteOnDate: '#1 jo #2 #3 napisał:',
    originalMessage: '-------- Originalna powěsć --------',
    forwardedMessage: '-------- Dalej pósrědnjona powěsć --------',
    // mime.properties @ 1beaf519c3fcb3d3559bde58f014112c18808852
    forwardLabels: { subject: 'Tema', date: 'Datum', from: 'Wót', to: 'Komu', cc: 'Kopija' },
  },
  {
    locale: 'el',
    commit: '0072b10bcbf59c4293e7ea6629b07f0ac20c0da1',
    authorWroteSingle: 'Ο/Η #1 έγραψε:',
    onDateAuthorWrote: 'Στις #2 #3, ο/η #1 έγραψε:',
    authorWroteOnDate: 'Ο/Η #1 έγραψε στις #2 #3:',
    originalMessage: '-------- Αρχικό μήνυμα --------',
    forwardedMessage: '-------- Προωθημένο μήνυμα --------',
    // mime.properties @ 2a76731468bbf6aa6987a732ac0fd41f36ce62a4
    forwardLabels: { subject: 'Θέμα', date: 'Ημερομηνία', from: 'Από', to: 'Προς', cc: 'Κοιν.' },
  },
  {
    locale: 'en-CA',
    commit: '09e987749e000af2404ea1e3e666c75dc3eb16ff',
    authorWroteSingle: '#1 wrote:',
    onDateAuthorWrote: 'On #2 #3, #1 wrote:',
    authorWroteOnDate: '#1 wrote on #2 #3:',
    originalMessage: '-------- Original Message --------',
    forwardedMessage: '-------- Forwarded Message --------',
    // mime.properties @ 2a76731468bbf6aa6987a732ac0fd41f36ce62a4
    forwardLabels: { subject: 'Subject', date: 'Date', from: 'From', to: 'To', cc: 'CC' },
  },
  {
    locale: 'en-GB',
    commit: '09e987749e000af2404ea1e3e666c75dc3eb16ff',
    authorWroteSingle: '#1 wrote:',
    onDateAuthorWrote: 'On #2 #3, #1 wrote:',
    authorWroteOnDate: '#1 wrote on #2 #3:',
    originalMessage: '-------- Original Message --------',
    forwardedMessage: '-------- Forwarded Message --------',
    // mime.properties @ 1beaf519c3fcb3d3559bde58f014112c18808852
    forwardLabels: { subject: 'Subject', date: 'Date', from: 'From', to: 'To', cc: 'CC' },
  },
  {
    locale: 'en-US',
    commit: '036140ce94099add99fb8a3bc0a35a5d5d6a0075',
    authorWroteSingle: '#1 wrote:',
    onDateAuthorWrote: 'On #2 #3, #1 wrote:',
    authorWroteOnDate: '#1 wrote on #2 #3:',
    originalMessage: '-------- Original Message --------',
    forwardedMessage: '-------- Forwarded Message --------',
  },
  {
    locale: 'es-AR',
    commit: '09e987749e000af2404ea1e3e666c75dc3eb16ff',
    authorWroteSingle: '#1 escribió:',
    onDateAuthorWrote: 'El #2 a las #3, #1 escribió:',
    authorWroteOnDate: '#1 escribió el #2 a las #3:',
    originalMessage: '-------- Mensaje original --------',
    forwardedMessage: '-------- Mensaje reenviado --------',
    // mime.properties @ 2a76731468bbf6aa6987a732ac0fd41f36ce62a4
    forwardLabels: { subject: 'Asunto', date: 'Fecha', from: 'De', to: 'A', cc: 'CC' },
  },
  {
    locale: 'es-ES',
    commit: '09e987749e000af2404ea1e3e666c75dc3eb16ff',
    authorWroteSingle: '#1 escribió:',
    onDateAuthorWrote: 'El #2 a las #3, #1 escribió:',
    authorWroteOnDate: '#1 escribió el #2 a las #3:',
    originalMessage: '-------- Mensaje original --------',
    forwardedMessage: '-------- Mensaje reenviado --------',
    // mime.properties @ 1beaf519c3fcb3d3559bde58f014112c18808852
    forwardLabels: { subject: 'Asunto', date: 'Fecha', from: 'De', to: 'Para', cc: 'CC' },
  },
  {
    locale: 'es-MX',
    commit: '09e987749e000af2404ea1e3e666c75dc3eb16ff',
    authorWroteSingle: '#1 escribió:',
    onDateAuthorWrote: 'En #2 #3, #1 escribió:',
    authorWroteOnDate: '#1 escribió el #2 #3:',
    originalMessage: '-------- Mensaje original --------',
    forwardedMessage: '-------- Mensaje reenviado --------',
    // mime.properties @ 2a76731468bbf6aa6987a732ac0fd41f36ce62a4
    forwardLabels: { subject: 'Asunto', date: 'Fecha', from: 'De', to: 'Para', cc: 'CC' },
  },
  {
    locale: 'et',
    commit: '09e987749e000af2404ea1e3e666c75dc3eb16ff',
    authorWroteSingle: '#1 kirjutas:',
    onDateAuthorWrote: '#2 #3 #1 kirjutas:',
    authorWroteOnDate: '#1 kirjutas #2 #3:',
    originalMessage: '-------- Algne kiri --------',
    forwardedMessage: '-------- Edastatud kiri --------',
    // mime.properties @ 1beaf519c3fcb3d3559bde58f014112c18808852
    forwardLabels: { subject: 'Teema', date: 'Kuupäev', from: 'Saatja', to: 'Saaja', cc: 'Koopia' },
  },
  {
    locale: 'eu',
    commit: '09e987749e000af2404ea1e3e666c75dc3eb16ff',
    authorWroteSingle: '#1k idatzi zuen:',
    onDateAuthorWrote: '#2 #3(e)an, #1 igorleak idatzi zuen:',
    authorWroteOnDate: '#1 igorleak #2 #3(e)an idatzi zuen:',
    originalMessage: '-------- Jatorrizko mezua --------',
    forwardedMessage: '-------- Birbidalitako mezua --------',
    // mime.properties @ 1beaf519c3fcb3d3559bde58f014112c18808852
    forwardLabels: { subject: 'Gaia', date: 'Data', from: 'Nork', to: 'Nori', cc: 'CC' },
  },
  {
    locale: 'fi',
    commit: '09e987749e000af2404ea1e3e666c75dc3eb16ff',
    authorWroteSingle: '#1 kirjoitti:',
    onDateAuthorWrote: '#1 kirjoitti #2 klo #3:',
    authorWroteOnDate: '#1 kirjoitti #2 #3:',
    originalMessage: '-------- Alkuperäinen viesti / Orig.Msg. --------',
    forwardedMessage: '-------- Välitetty viesti / Fwd.Msg --------',
    // mime.properties @ 1beaf519c3fcb3d3559bde58f014112c18808852
    forwardLabels: { subject: 'Aihe', date: 'Päiväys', from: 'Lähettäjä', to: 'Vastaanottaja', cc: 'CC' },
  },
  {
    locale: 'fr',
    commit: '05355f167dcfe29f0e82ebb0e184a2844465c290',
    authorWroteSingle: '#1 a écrit :',
    onDateAuthorWrote: 'Le #2 à #3, #1 a écrit :',
    authorWroteOnDate: '#1 a écrit le #2 à #3 :',
    originalMessage: '-------- Message original --------',
    forwardedMessage: '-------- Message transféré --------',
    // mime.properties @ 1beaf519c3fcb3d3559bde58f014112c18808852
    forwardLabels: { subject: 'Sujet', date: 'Date', from: 'De', to: 'Pour', cc: 'Copie à' },
  },
  {
    locale: 'fy-NL',
    commit: '09e987749e000af2404ea1e3e666c75dc3eb16ff',
    authorWroteSingle: '#1 skreau:',
    onDateAuthorWrote: 'Op #2 om #3, skreau #1:',
    authorWroteOnDate: '#1 skreau op #2 om #3:',
    originalMessage: '-------- Oarspronklik berjocht --------',
    forwardedMessage: '-------- Trochstjoerd berjocht --------',
    // mime.properties @ 2a76731468bbf6aa6987a732ac0fd41f36ce62a4
    forwardLabels: { subject: 'Underwerp', date: 'Datum', from: 'Fan', to: 'Oan', cc: 'CC' },
  },
  {
    locale: 'ga-IE',
    commit: '09e987749e000af2404ea1e3e666c75dc3eb16ff',
    authorWroteSingle: 'Scríobh #1:',
    onDateAuthorWrote: 'Ar #2 #3, scríobh #1:',
    authorWroteOnDate: 'Scríobh #1 ar #2 #3:',
    originalMessage: '-------- Teachtaireacht Bhunaidh --------',
    forwardedMessage: '-------- Teachtaireacht Ar Aghaidh --------',
    // mime.properties @ 1beaf519c3fcb3d3559bde58f014112c18808852
    forwardLabels: { subject: 'Ábhar', date: 'Dáta', from: 'Ó', to: 'Chuig', cc: 'Cc' },
  },
  {
    locale: 'gd',
    commit: '07dbe7e764a8f910034c9146fe7ee4c8c53cb949',
    authorWroteSingle: 'Sgrìobh #1 na leanas:',
    onDateAuthorWrote: 'Sgrìobh #1 na leanas #2 aig #3:',
    authorWroteOnDate: 'Sgrìobh #1 na leanas #2 aig #3:',
    originalMessage: '-------- An teachdaireachd thùsail --------',
    forwardedMessage: '-------- An teachdaireachd a tha ’ga shìneadh air adhart --------',
    // mime.properties @ 1beaf519c3fcb3d3559bde58f014112c18808852
    forwardLabels: { subject: 'Cuspair', date: 'Ceann-là', from: 'O', to: 'Gu', cc: 'CC' },
  },
  {
    locale: 'gl',
    commit: '09e987749e000af2404ea1e3e666c75dc3eb16ff',
    authorWroteSingle: '#1 escribiu:',
    onDateAuthorWrote: 'O #2 ás #3, #1 escribiu:',
    authorWroteOnDate: '#1 escribiu o #2 ás #3:',
    originalMessage: '-------- Mensaxe orixinal --------',
    forwardedMessage: '-------- Mensaxe reenviada --------',
    // mime.properties @ 2a76731468bbf6aa6987a732ac0fd41f36ce62a4
    forwardLabels: { subject: 'Asunto', date: 'Data', from: 'De', to: 'Para', cc: 'CC' },
  },
  {
    locale: 'he',
    commit: '09e987749e000af2404ea1e3e666c75dc3eb16ff',
    authorWroteSingle: 'נכתב על ידי #1:',
    onDateAuthorWrote: 'נכתב על ידי #1, ב־#2 בשעה #3:',
    originalMessage: '-------- הודעה מקורית --------',
    forwardedMessage: '-------- הודעה שהועברה --------',
    // mime.properties @ 1beaf519c3fcb3d3559bde58f014112c18808852
    forwardLabels: { subject: 'נושא', date: 'תאריך', from: 'מאת', to: 'אל', cc: 'עותק' },
  },
  {
    locale: 'hr',
    commit: '09e987749e000af2404ea1e3e666c75dc3eb16ff',
    authorWroteSingle: '#1 piše:',
    onDateAuthorWrote: '#2 u #3, #1 piše:',
    authorWroteOnDate: '#1 napisao je #2 u #3:',
    originalMessage: '-------- Izvorna poruka --------',
    forwardedMessage: '-------- Proslijeđena poruka --------',
    // mime.properties @ 1beaf519c3fcb3d3559bde58f014112c18808852
    forwardLabels: { subject: 'Naslov', date: 'Datum', from: 'Šalje', to: 'Prima', cc: 'CC' },
  },
  {
    locale: 'hsb',
    commit: '09e987749e000af2404ea1e3e666c75dc3eb16ff',
    authorWroteSingle: '#1 napisa:',
    onDateAuthorWrote: '#2 #3 #1 napisa:',
    authorWroteOnDate: '#1 #2 #3 napisa:',
    originalMessage: '-------- Originalna powěsć --------',
    forwardedMessage: '-------- Dale sposrědkowana powěsć --------',
    // mime.properties @ 1beaf519c3fcb3d3559bde58f014112c18808852
    forwardLabels: { subject: 'Tema', date: 'Datum', from: 'Wot', to: 'Komu', cc: 'Kopija' },
  },
  {
    locale: 'hu',
    commit: '09e987749e000af2404ea1e3e666c75dc3eb16ff',
    authorWroteSingle: '#1 írta:',
    onDateAuthorWrote: '#2 #3 keltezéssel, #1 írta:',
    authorWroteOnDate: '#1 írta #2 #3 dátummal:',
    originalMessage: '-------- Eredeti üzenet --------',
    forwardedMessage: '-------- Továbbított üzenet --------',
    // mime.properties @ 2a76731468bbf6aa6987a732ac0fd41f36ce62a4
    forwardLabels: { subject: 'Tárgy', date: 'Dátum', from: 'Feladó', to: 'Címzett', cc: 'CC' },
  },
  {
    locale: 'hy-AM',
    commit: '09e987749e000af2404ea1e3e666c75dc3eb16ff',
    authorWroteSingle: '#1-ը գրել է.',
    onDateAuthorWrote: '#2 #3-ին #1ը գրել է.',
    authorWroteOnDate: '#1-ը գրել է #2 #3-ին.',
    originalMessage: '-------- Բնօրինակ նամակը --------',
    forwardedMessage: '-------- Փոխանցվող նամակը --------',
    // mime.properties @ 1beaf519c3fcb3d3559bde58f014112c18808852
    forwardLabels: { subject: 'Վերնագիր', date: 'Ամսաթիվ', from: 'Ումից', to: 'Ում', cc: 'CC' },
  },
  {
    locale: 'id',
    commit: '09e987749e000af2404ea1e3e666c75dc3eb16ff',
    authorWroteSingle: '#1 menulis:',
    onDateAuthorWrote: 'Pada #2 #3, #1 menulis:',
    authorWroteOnDate: '#1 menulis di #2 #3:',
    originalMessage: '-------- Pesan Asli --------',
    forwardedMessage: '-------- Pesan Diteruskan --------',
    // mime.properties @ 1beaf519c3fcb3d3559bde58f014112c18808852
    forwardLabels: { subject: 'Subjek', date: 'Tanggal', from: 'Dari', to: 'Kepada', cc: 'CC' },
  },
  {
    locale: 'is',
    commit: '09e987749e000af2404ea1e3e666c75dc3eb16ff',
    authorWroteSingle: '#1 skrifaði:',
    onDateAuthorWrote: 'Þann #2 #3, skrifaði #1:',
    authorWroteOnDate: '#1 skrifaði þann #2 #3:',
    originalMessage: '-------- Upprunalegur póstur --------',
    forwardedMessage: '-------- Áframsendur póstur --------',
    // mime.properties @ 2a76731468bbf6aa6987a732ac0fd41f36ce62a4
    forwardLabels: { subject: 'Viðfangsefni', date: 'Dagsetning', from: 'Frá', to: 'Til', cc: 'CC' },
  },
  {
    locale: 'it',
    commit: '09e987749e000af2404ea1e3e666c75dc3eb16ff',
    authorWroteSingle: '#1 ha scritto:',
    onDateAuthorWrote: 'Il #2 #3, #1 ha scritto:',
    authorWroteOnDate: '#1 ha scritto il #2 alle #3:',
    originalMessage: '-------- Messaggio originale --------',
    forwardedMessage: '-------- Messaggio Inoltrato --------',
    // mime.properties @ 1beaf519c3fcb3d3559bde58f014112c18808852
    forwardLabels: { subject: 'Oggetto', date: 'Data', from: 'Mittente', to: 'A', cc: 'CC' },
  },
  {
    locale: 'ja',
    commit: '5cd4604acabc07c60b0d7d31b0742b41ebc61651',
    authorWroteSingle: '#1 wrote:',
    onDateAuthorWrote: 'On #2 #3, #1 wrote:',
    authorWroteOnDate: '#1 wrote on #2 #3:',
    originalMessage: '-------- Original Message --------',
    forwardedMessage: '-------- Forwarded Message --------',
  },
  {
    locale: 'ja-JP-mac',
    commit: '728a3489ee662502f4f020dc7fa6468f7ce4b0f3',
    authorWroteSingle: '#1 wrote:',
    onDateAuthorWrote: 'On #2 #3, #1 wrote:',
    authorWroteOnDate: '#1 wrote on #2 #3:',
    originalMessage: '-------- Original Message --------',
    forwardedMessage: '-------- Forwarded Message --------',
  },
  {
    locale: 'ka',
    commit: '005a0c1aa8017c69f34a39ffaa007d300e1e3cfe',
    authorWroteSingle: '#1 წერს:',
    onDateAuthorWrote: 'თარიღი #2 #3, #1 წერს:',
    authorWroteOnDate: 'თარიღი #2 #3, #1 წერს:',
    originalMessage: '-------- საწყისი წერილი --------',
    forwardedMessage: '-------- გადაგზავნილი წერილი --------',
    // mime.properties @ 0ff949b2b749af7f0da865249cde69926ead99a2
    forwardLabels: { subject: 'თემა', date: 'თარიღი', from: 'ვინ', to: 'ვის', cc: 'ასლი' },
  },
  {
    locale: 'kab',
    commit: '09e987749e000af2404ea1e3e666c75dc3eb16ff',
    authorWroteSingle: '#1 yura:',
    onDateAuthorWrote: 'Di #2 #3, #1 yura:',
    authorWroteOnDate: '#1 yura  di #2 #3:',
    originalMessage: '-------- Izen anezli --------',
    forwardedMessage: '-------- Izen yettwawelhen --------',
    // mime.properties @ 1beaf519c3fcb3d3559bde58f014112c18808852
    forwardLabels: { subject: 'Amgay', date: 'Azemz', from: 'Si', to: 'I', cc: 'Anɣ.I' },
  },
  {
    locale: 'kk',
    commit: '09e987749e000af2404ea1e3e666c75dc3eb16ff',
    authorWroteSingle: '#1 жазған:',
    onDateAuthorWrote: '#2 #3 уақытында, #1 жазған:',
    authorWroteOnDate: '#1 жазған, уақыты #2 #3:',
    originalMessage: '-------- Түпнұсқа хабарламасы --------',
    forwardedMessage: '-------- Әрі қарай жіберілген хабарлама --------',
    // mime.properties @ 1beaf519c3fcb3d3559bde58f014112c18808852
    forwardLabels: { subject: 'Тақырыбы', date: 'Күні', from: 'Кімнен', to: 'Кімге', cc: 'Көшірме' },
  },
  {
    locale: 'ko',
    commit: '09e987749e000af2404ea1e3e666c75dc3eb16ff',
    authorWroteSingle: '%s 이(가) 쓴 글',
    onDateAuthorWrote: '#2 #3에 #1 이(가) 쓴 글:',
    authorWroteOnDate: '#1 이(가) #2 #3 에 쓴 글:',
    originalMessage: '--------    원본 메시지    --------',
    forwardedMessage: '-------- 전달된 메시지 --------',
    // mime.properties @ 1beaf519c3fcb3d3559bde58f014112c18808852
    forwardLabels: { subject: '제목', date: '날짜', from: '보낸 사람', to: '받는 사람', cc: '참조' },
  },
  {
    locale: 'lt',
    commit: '09e987749e000af2404ea1e3e666c75dc3eb16ff',
    authorWroteSingle: '#1 rašė:',
    onDateAuthorWrote: '#2 #3, #1 rašė:',
    authorWroteOnDate: '#1 rašė #2 #3:',
    originalMessage: '-------- Originalus laiškas --------',
    forwardedMessage: '-------- Persiųstas laiškas --------',
    // mime.properties @ 1beaf519c3fcb3d3559bde58f014112c18808852
    forwardLabels: { subject: 'Tema', date: 'Data', from: 'Kas', to: 'Kam', cc: 'Kopija' },
  },
  {
    locale: 'lv',
    commit: '09e987749e000af2404ea1e3e666c75dc3eb16ff',
    authorWroteSingle: '# 1 rakstīja:',
    onDateAuthorWrote: '#2 #3 #1 rakstīja:',
    authorWroteOnDate: '#1 #2 #3 rakstīja:',
    originalMessage: '-------- Sākotnējā vēstule --------',
    forwardedMessage: '-------- Pārsūtītā vēstule --------',
    // mime.properties @ 2a76731468bbf6aa6987a732ac0fd41f36ce62a4
    forwardLabels: { subject: 'Temats', date: 'Datums', from: 'No', to: 'Uz', cc: 'Kopija' },
  },
  {
    locale: 'mk',
    commit: '09e987749e000af2404ea1e3e666c75dc3eb16ff',
    originalMessage: '-------- Оригинална порака --------',
    // mime.properties @ 1beaf519c3fcb3d3559bde58f014112c18808852
    forwardLabels: { subject: 'Тема', date: 'Датум', from: 'Од', to: 'До', cc: 'CC' },
  },
  {
    locale: 'ms',
    commit: '09e987749e000af2404ea1e3e666c75dc3eb16ff',
    authorWroteSingle: '#1 membalas:',
    onDateAuthorWrote: 'Pada #2 #3, #1 membalas:',
    authorWroteOnDate: '#1 membalas pada #2 #3:',
    originalMessage: '-------- Mesej Asal --------',
    forwardedMessage: '-------- Mesej Dikirim Semula --------',
    // mime.properties @ 1beaf519c3fcb3d3559bde58f014112c18808852
    forwardLabels: { subject: 'Subjek', date: 'Tarikh', from: 'Daripada', to: 'Kepada', cc: 'CC' },
  },
  {
    locale: 'nb-NO',
    commit: '09e987749e000af2404ea1e3e666c75dc3eb16ff',
    authorWroteSingle: 'skrev #1:',
    onDateAuthorWrote: 'Den #2 #3, skrev #1:',
    authorWroteOnDate: '#1 skrev den #2 #3:',
    originalMessage: '-------- Opprinnelig melding --------',
    forwardedMessage: '-------- Videresendt melding --------',
    // mime.properties @ 2a76731468bbf6aa6987a732ac0fd41f36ce62a4
    forwardLabels: { subject: 'Emne', date: 'Dato', from: 'Fra', to: 'Til', cc: 'CC' },
  },
  {
    locale: 'nl',
    commit: '09e987749e000af2404ea1e3e666c75dc3eb16ff',
    authorWroteSingle: '#1 schreef:',
    onDateAuthorWrote: 'Op #2 om #3 schreef #1:',
    authorWroteOnDate: '#1 schreef op #2 om #3:',
    originalMessage: '-------- Oorspronkelijk bericht --------',
    forwardedMessage: '-------- Doorgestuurd bericht --------',
    // mime.properties @ 2a76731468bbf6aa6987a732ac0fd41f36ce62a4
    forwardLabels: { subject: 'Onderwerp', date: 'Datum', from: 'Van', to: 'Aan', cc: 'CC' },
  },
  {
    locale: 'nn-NO',
    commit: '09e987749e000af2404ea1e3e666c75dc3eb16ff',
    authorWroteSingle: '#1 skreiv:',
    onDateAuthorWrote: 'Den #2 #3, skreiv #1:',
    authorWroteOnDate: '#1 skreiv den #2 #3:',
    originalMessage: '-------- Opphavleg melding --------',
    forwardedMessage: '-------- Vidaresend melding --------',
    // mime.properties @ 1beaf519c3fcb3d3559bde58f014112c18808852
    forwardLabels: { subject: 'Emne', date: 'Dato', from: 'Frå', to: 'Til', cc: 'CC' },
  },
  {
    locale: 'pa-IN',
    commit: '09e987749e000af2404ea1e3e666c75dc3eb16ff',
    originalMessage: '-------- Original Message --------',
    // mime.properties @ ebd9b2bd758a593473e7cca6ed14724af23753a8
    forwardLabels: { subject: 'Subject', date: 'Date', from: 'From', to: 'To', cc: 'CC' },
  },
  {
    locale: 'pl',
    commit: '09e987749e000af2404ea1e3e666c75dc3eb16ff',
    authorWroteSingle: '#1 pisze:',
    onDateAuthorWrote: 'W dniu #2 o #3, #1 pisze:',
    authorWroteOnDate: 'W dniu #2 o #3, #1 pisze:',
    originalMessage: '--- Treść oryginalnej wiadomości ---',
    forwardedMessage: '--- Treść przekazanej wiadomości ---',
    // mime.properties @ 1beaf519c3fcb3d3559bde58f014112c18808852
    forwardLabels: { subject: 'Temat', date: 'Data', from: 'Nadawca', to: 'Adresat', cc: 'Kopia' },
  },
  {
    locale: 'pt-BR',
    commit: '09e987749e000af2404ea1e3e666c75dc3eb16ff',
    authorWroteSingle: '#1 escreveu:',
    onDateAuthorWrote: 'Em #2 #3, #1 escreveu:',
    authorWroteOnDate: '#1 escreveu em #2 #3:',
    originalMessage: '-------- Mensagem original --------',
    forwardedMessage: '-------- Mensagem encaminhada --------',
    // mime.properties @ 2a76731468bbf6aa6987a732ac0fd41f36ce62a4
    forwardLabels: { subject: 'Assunto', date: 'Data', from: 'De', to: 'Para', cc: 'CC' },
  },
  {
    locale: 'pt-PT',
    commit: '09e987749e000af2404ea1e3e666c75dc3eb16ff',
    authorWroteSingle: '#1 escreveu:',
    onDateAuthorWrote: 'Às #3 de #2, #1 escreveu:',
    authorWroteOnDate: '#1 escreveu às #3 de #2:',
    originalMessage: '-------- Mensagem original --------',
    forwardedMessage: '-------- Mensagem reencaminhada --------',
    // mime.properties @ 1beaf519c3fcb3d3559bde58f014112c18808852
    forwardLabels: { subject: 'Assunto', date: 'Data', from: 'De', to: 'Para', cc: 'CC' },
  },
  {
    locale: 'rm',
    commit: '09e987749e000af2404ea1e3e666c75dc3eb16ff',
    authorWroteSingle: '#1 ha scrit:',
    onDateAuthorWrote: 'Ils #2 a las #3 ha #1 scrit:',
    authorWroteOnDate: '#1 ha scrit ils #2 a las #3:',
    originalMessage: '-------- Messadi original --------',
    forwardedMessage: '--------  Messadi  renvià  --------',
    // mime.properties @ 1beaf519c3fcb3d3559bde58f014112c18808852
    forwardLabels: { subject: 'Object', date: 'Data', from: 'Da', to: 'A', cc: 'CC' },
  },
  {
    locale: 'ro',
    commit: '067b6af61b303eaa97663152c7fb35d04dcd2347',
    authorWroteSingle: '#1 a scris:',
    onDateAuthorWrote: 'La #2 #3, #1 a scris:',
    authorWroteOnDate: '#1 a scris la #2 #3:',
    originalMessage: '-------- Mesajul original --------',
    forwardedMessage: '-------- Mesaj redirecționat --------',
    // mime.properties @ 2a76731468bbf6aa6987a732ac0fd41f36ce62a4
    forwardLabels: { subject: 'Subiect', date: 'Dată', from: 'de la', to: 'Către', cc: 'CC' },
  },
  {
    locale: 'ru',
    commit: '09e987749e000af2404ea1e3e666c75dc3eb16ff',
    authorWroteSingle: '#1 пишет:',
    onDateAuthorWrote: '#2 #3, #1 пишет:',
    authorWroteOnDate: '#1 пишет #2 #3:',
    originalMessage: '-------- Исходное сообщение --------',
    forwardedMessage: '-------- Перенаправленное сообщение --------',
    // mime.properties @ 1beaf519c3fcb3d3559bde58f014112c18808852
    forwardLabels: { subject: 'Тема', date: 'Дата', from: 'От', to: 'Кому', cc: 'Копия' },
  },
  {
    locale: 'sk',
    commit: '09e987749e000af2404ea1e3e666c75dc3eb16ff',
    authorWroteSingle: '#1 napísal(a):',
    onDateAuthorWrote: 'Dňa #2 o #3 #1 napísal(a):',
    authorWroteOnDate: '#1 napísal(a) dňa #2 o #3:',
    originalMessage: '-------- Pôvodná správa --- Original Message --------',
    forwardedMessage: '-------- Preposlaná správa --- Forwarded Message --------',
    // mime.properties @ 283b3c697d1be79165437401dc1d7802484578ce
    forwardLabels: { subject: 'Predmet', date: 'Dátum', from: 'Od', to: 'Pre', cc: 'Kópia' },
  },
  {
    locale: 'sl',
    commit: '09e987749e000af2404ea1e3e666c75dc3eb16ff',
    authorWroteSingle: '#1 je napisal(a):',
    onDateAuthorWrote: '#1 je #2 ob #3 napisal:',
    authorWroteOnDate: '#1 je #2 ob #3 napisal:',
    originalMessage: '-------- Izvirno sporočilo --------',
    forwardedMessage: '-------- Posredovano sporočilo --------',
    // mime.properties @ 2a76731468bbf6aa6987a732ac0fd41f36ce62a4
    forwardLabels: { subject: 'Zadeva', date: 'Datum', from: 'Od', to: 'Za', cc: 'Kp' },
  },
  {
    locale: 'sq',
    commit: '09e987749e000af2404ea1e3e666c75dc3eb16ff',
    authorWroteSingle: '#1 shkroi:',
    onDateAuthorWrote: 'Më #2, #3, #1 shkroi:',
    authorWroteOnDate: '#1 shkroi më #2, #3:',
    originalMessage: '-------- Mesazhi Origjinal --------',
    forwardedMessage: '-------- Mesazhi i Përcjellë --------',
    // mime.properties @ 10f4813dff0cd4c90bca84044283eeb81ca4585e
    forwardLabels: { subject: 'Subjekt', date: 'Datë', from: 'Nga', to: 'Për', cc: 'CC' },
  },
  {
    locale: 'sr',
    commit: '09e987749e000af2404ea1e3e666c75dc3eb16ff',
    authorWroteSingle: '#1 пише:',
    onDateAuthorWrote: 'Дана #2 у #3, #1 пише:',
    authorWroteOnDate: 'Дана #2 у #3, #1 пише:',
    originalMessage: '-------- Изворна порука --------',
    forwardedMessage: '-------- Прослеђена порука --------',
    // mime.properties @ 1beaf519c3fcb3d3559bde58f014112c18808852
    forwardLabels: { subject: 'Тема', date: 'Датум', from: 'Шаље', to: 'Прима', cc: 'Коп' },
  },
  {
    locale: 'sv-SE',
    commit: '002af1f4e1b5f3f79177851584d65e908e373a82',
    authorWroteSingle: '#1 skrev:',
    onDateAuthorWrote: 'Den #2 kl. #3, skrev #1:',
    authorWroteOnDate: '#1 skrev den #2 kl. #3:',
    originalMessage: '-------- Ursprungligt meddelande --------',
    forwardedMessage: '-------- Vidarebefordrat meddelande --------',
    // mime.properties @ 2a76731468bbf6aa6987a732ac0fd41f36ce62a4
    forwardLabels: { subject: 'Ämne', date: 'Datum', from: 'Från', to: 'Till', cc: 'Kopia' },
  },
  {
    locale: 'th',
    commit: '09e987749e000af2404ea1e3e666c75dc3eb16ff',
    authorWroteSingle: '#1 เขียนว่า:',
    onDateAuthorWrote: 'เมื่อ #2 เวลา #3 #1 เขียนว่า:',
    authorWroteOnDate: '#1 เขียนเมื่อ #2 เวลา #3 ว่า:',
    originalMessage: '-------- ข้อความต้นฉบับ --------',
    forwardedMessage: '-------- ข้อความที่ส่งต่อ --------',
    // mime.properties @ 2a76731468bbf6aa6987a732ac0fd41f36ce62a4
    forwardLabels: { subject: 'หัวเรื่อง', date: 'วันที่', from: 'จาก', to: 'ถึง', cc: 'สำเนาถึง' },
  },
  {
    locale: 'tr',
    commit: '09e987749e000af2404ea1e3e666c75dc3eb16ff',
    authorWroteSingle: '#1 yazdı:',
    onDateAuthorWrote: '#2 #3 tarihinde #1 yazdı:',
    authorWroteOnDate: '#1, #2 #3 tarihinde yazdı:',
    originalMessage: '-------- Özgün İleti --------',
    forwardedMessage: '-------- İletilen İleti --------',
    // mime.properties @ 07e1605a101098f709a829d4739ba10467512a2f
    forwardLabels: { subject: 'Konu', date: 'Tarih', from: 'Kimden', to: 'Kime', cc: 'CC' },
  },
  {
    locale: 'uk',
    commit: '09e987749e000af2404ea1e3e666c75dc3eb16ff',
    authorWroteSingle: '#1 написав:',
    onDateAuthorWrote: '#2 #3, #1:',
    authorWroteOnDate: '#1 пише #2 #3:',
    originalMessage: '-------- Початкове повідомлення --------',
    forwardedMessage: '-------- Переслане повідомлення --------',
    // mime.properties @ 1beaf519c3fcb3d3559bde58f014112c18808852
    forwardLabels: { subject: 'Тема', date: 'Дата', from: 'Від', to: 'Кому', cc: 'CC' },
  },
  {
    locale: 'uz',
    commit: '09e987749e000af2404ea1e3e666c75dc3eb16ff',
    authorWroteSingle: '#1 yozdi:',
    onDateAuthorWrote: '#2 #3, #1 da yozdi:',
    authorWroteOnDate: '#1 #2 #3da yozdi:',
    originalMessage: '-------- Asl xabar --------',
    forwardedMessage: '-------- Uzatilgan xabar --------',
    // mime.properties @ 1beaf519c3fcb3d3559bde58f014112c18808852
    forwardLabels: { subject: 'Mavzu', date: 'Sana', from: 'Jo‘natuvchi', to: 'Qabul qiluvchi', cc: 'CC' },
  },
  {
    locale: 'vi',
    commit: '09e987749e000af2404ea1e3e666c75dc3eb16ff',
    authorWroteSingle: '#1 đã viết:',
    onDateAuthorWrote: 'Vào lúc #3 #2, #1 đã viết:',
    authorWroteOnDate: '#1 đã viết vào lúc #3 #2:',
    originalMessage: '-------- Thư gốc --------',
    forwardedMessage: '-------- Tin nhắn đã được chuyển tiếp --------',
    // mime.properties @ 2a76731468bbf6aa6987a732ac0fd41f36ce62a4
    forwardLabels: { subject: 'Tiêu đề', date: 'Ngày', from: 'Từ', to: 'Tới', cc: 'CC' },
  },
  {
    locale: 'zh-CN',
    commit: '09e987749e000af2404ea1e3e666c75dc3eb16ff',
    authorWroteSingle: '#1 写道:',
    onDateAuthorWrote: '在 #2 #3, #1 写道:',
    authorWroteOnDate: '#1 写于 #2 #3:',
    originalMessage: '-------- 原始消息 --------',
    forwardedMessage: '-------- 转发的消息 --------',
    // mime.properties @ 1667e737ab38197ae14f20380114bc346d62305a
    forwardLabels: { subject: '主题', date: '日期', from: 'From', to: '收件人', cc: '抄送' },
  },
  {
    locale: 'zh-TW',
    commit: '09e987749e000af2404ea1e3e666c75dc3eb16ff',
    authorWroteSingle: '#1 寫道:',
    onDateAuthorWrote: '#1 於 #2 #3 寫道:',
    authorWroteOnDate: '#1 於 #2 #3 寫道:',
    originalMessage: '------- 原始郵件 -------',
    forwardedMessage: '-------- 轉寄郵件 --------',
    // mime.properties @ 2a76731468bbf6aa6987a732ac0fd41f36ce62a4
    forwardLabels: { subject: '主旨', date: '日期', from: '從', to: '到', cc: '副本' },
  },
];
