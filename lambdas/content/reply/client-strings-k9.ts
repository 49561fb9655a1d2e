// SPDX-License-Identifier: Apache-2.0
/**
 * Documented reply header strings of one mail client, K-9 Mail / Thunderbird for Android, per locale:
 * the attribution line it writes above a quoted reply ("%s wrote:", "On %1$s, %2$s wrote:"), the
 * "-------- Original Message --------" separator of its Outlook-style quote header, and the labels of the
 * header block under that separator (From, To, Cc, Sent, Subject). Data only: nothing here is executed,
 * and no other module is changed by it.
 *
 * Source: the public repository thunderbird/thunderbird-android (the K-9 Mail code base), Android string
 * resources legacy/ui/legacy/src/main/res/values[-<locale>]/strings.xml, keys
 *   message_compose_reply_header_fmt           -> replyHeader
 *   message_compose_reply_header_fmt_with_date -> replyHeaderWithDate
 *   message_compose_quote_header_separator     -> separator
 *   message_compose_quote_header_from          -> labels.from
 *   message_compose_quote_header_to            -> labels.to
 *   message_compose_quote_header_cc            -> labels.cc
 *   message_compose_quote_header_send_date     -> labels.date
 *   message_compose_quote_header_subject       -> labels.subject
 * `locale` is the resource qualifier of the values directory (de, pt-rBR, zh-rCN, ...); the default
 * `values` directory (English) is `en`.
 *
 * Placeholders: in replyHeaderWithDate, %1$s is the date the original message was sent and %2$s is its
 * sender. The English default marks them <xliff:g id="sent_date">%1$s</xliff:g> and
 * <xliff:g id="sender">%2$s</xliff:g>, and the call site (K9CoreResourceProvider.replyHeader(sender,
 * sentDate)) passes getString(R.string.message_compose_reply_header_fmt_with_date, sentDate, sender).
 * Translations keep the positional indexes, so %1$s is always the date even where the sender is written
 * first (fy, gd, nl). In replyHeader, %s is the sender. Placeholders are left exactly as written.
 *
 * Commits: each entry's `commit` is the commit of the strings.xml version the code index returned for
 * that locale (the index holds several versions of some files; the one read is not necessarily the
 * newest upstream):
 *   025d454e4538f8a042f52677aa9c711a79e161f0: bg, en-rGB, et, fa, ga, nb, ro, ru, uk
 *   058c23f6d46a2d5093a3fe98078f66638f0ac492: ar, be, fi, gd, iw, ml, nl, sq, zh-rTW
 *   02a11c2f69f5f56dbb98f9a8b2e94d2d0283137e: cy, eu, fy, gl, hr, lt, tr
 *   077db3e8228faa7e6a5f38291a27fa9f4489eeb7: br, cs, el, hu, sv
 *   16c3fa89b86036239645382765e6d58a1621b3a0: hy, in, lv, pt-rPT
 *   123c306ed506c9a6749bb48d010f17955d5fcd9b: sk, sr, vi
 *   17f57b336b72114ae0f5722287d149991f513539: eo, it, ja
 *   03036f212d323f77a127a7243419f9b3339fee8d: de, sl
 *   050f552f788c29c5d737904ab3935a3f713c5bbd: es, ko
 *   125f87a01fbb711bfb1786bbbd875195c2e5256d: co, zh-rCN
 *   1b428ad3c9d9590371d952dfd7a2d72330a3f0ae: bs, ka
 *   00c141ff1374e95c9cd68b65ea9bf57f53ea3bfb: pl
 *   0135150e40bc21cd37efda2635ffb20abd335cd8: en
 *   014a5374c0d97c5db41acf13c319d374f47ce57a: ca
 *   01c0769b043a6a31e6853170d0ab69d197fc699b: nn
 *   0a7085abb53c9f6efe8e524c8cab2b6ae249c667: pt-rBR
 *   15330e63827404d7145aea154f62891873c84c12: is
 *   16bfb8cb9d4e372d8c2ef1e54de6a1ee2678f1fe: fr
 *   1995eb1ff987d8fbd499a5b97a37173d9e03436c: hi
 *   1a7a1b9937fe7ac50f7554c410b17e8af33da5b0: da
 *   1ed81c1323ab2bf1ccc576d58f429e8136c78dba: kab
 *   27497f5c3f1e8a593f6445806b6359c8244ca7b7: ast
 *   373f4bf1e3e987781d8b8d2ded2c2401de725ed4: bn
 *
 * Licence: the source files are under the Apache License, Version 2.0
 * (https://www.apache.org/licenses/LICENSE-2.0), Copyright the K-9 Mail / Thunderbird for Android
 * authors. These strings are used as data and are kept in this one file under that licence; this file is
 * therefore Apache-2.0 (see the SPDX line), whatever the licence of the rest of the repository.
 *
 * Generated from the upstream files, not edited by hand: the <string> elements for the keys above were
 * copied from the files as read and converted by a script. Values are as upstream after the decoding
 * Android applies when it compiles string resources: the <xliff:g> wrappers dropped (their content kept),
 * XML entities and backslash escapes (\', \", \\, \n, \uXXXX) decoded, and unquoted whitespace
 * collapsed to one space and trimmed at both ends (this turns lt's replyHeader, which ends in a raw
 * newline, into "%s rašė:", and et's "  kirjutas" into " kirjutas"). No other trimming or editing;
 * upstream quirks are kept (hr's subject label "Subject:" and the "wrote:" of its replyHeaderWithDate
 * are English; be's and ko's replyHeaderWithDate start with the English "On"; br's has no space after
 * "D'an/ar"; ml's strings have no colon). Where a locale puts a space before ":" (fr, co), the index
 * renders it as a plain space; upstream may use U+00A0 there, which could not be told apart through the
 * index.
 *
 * Locales: every values-* directory found under that path (found by looking up candidate qualifiers one
 * by one, as the index cannot list the directory in full, so a directory with an unusual qualifier could
 * have been missed). Left out because none of these keys has a non-empty value in them: values-az,
 * values-pt, values-sw and values-th (these were read in full) and values-am and values-kk (Weblate
 * stub files: a short translated part followed by a long block of empty-string placeholders; the part
 * read has these keys only as empty strings). Of the stub files am, ast, kab and kk only the translated
 * part and the start of the placeholder block were read.
 * An empty string is treated as untranslated. Keys missing from (or empty in) the files read are left out:
 *   ast: replyHeader, replyHeaderWithDate, separator, labels.date, labels.subject
 *   bn: replyHeader, replyHeaderWithDate, separator
 *   kab: replyHeader, replyHeaderWithDate, separator
 */

export interface K9Strings {
  locale: string;
  commit: string;
  replyHeader?: string;
  replyHeaderWithDate?: string;
  separator?: string;
  labels?: { from?: string; to?: string; cc?: string; date?: string; subject?: string };
}

export const K9_STRINGS: readonly K9Strings[] = [
  {
    locale: 'ar',
    commit: '058c23f6d46a2d5093a3fe98078f66638f0ac492',
    replyHeader: '%s كَتَب :',
    replyHeaderWithDate: 'بتاريخ %1$s، %2$s الرسالة:',
    separator: '-------- الرسالة الأصلية --------',
    labels: {
      from: 'مِن :',
      to: 'إلى :',
      cc: 'نسخة كربونية :',
      date: 'المُرسل:',
      subject: 'الموضوع :',
    },
  },
  {
    locale: 'ast',
    commit: '27497f5c3f1e8a593f6445806b6359c8244ca7b7',
    labels: {
      from: 'De:',
      to: 'Pa:',
      cc: 'CC:',
    },
  },
  {
    locale: 'be',
    commit: '058c23f6d46a2d5093a3fe98078f66638f0ac492',
    replyHeader: '%s піша:',
    replyHeaderWithDate: 'On %1$s, %2$s піша:',
    separator: '-------- Зыходны ліст --------',
    labels: {
      from: 'Ад:',
      to: 'Каму:',
      cc: 'Копія:',
      date: 'Адпраўлена:',
      subject: 'Тэма:',
    },
  },
  {
    locale: 'bg',
    commit: '025d454e4538f8a042f52677aa9c711a79e161f0',
    replyHeader: '%s написа:',
    replyHeaderWithDate: 'На %1$s, %2$s написа:',
    separator: '-------- Оригинално Писмо --------',
    labels: {
      from: 'От:',
      to: 'До:',
      cc: 'Копие:',
      date: 'Изпрати до:',
      subject: 'Тема:',
    },
  },
  {
    locale: 'bn',
    commit: '373f4bf1e3e987781d8b8d2ded2c2401de725ed4',
    labels: {
      from: 'থেকে:',
      to: 'প্রতি:',
      cc: 'সিসি:',
      date: 'পাঠানো হয়েছে:',
      subject: 'বিষয়:',
    },
  },
  {
    locale: 'br',
    commit: '077db3e8228faa7e6a5f38291a27fa9f4489eeb7',
    replyHeader: 'Skrivet eo bet gant %s:',
    replyHeaderWithDate: 'D\'an/ar%1$s eo bet skrivet gant %2$s:',
    separator: '-------- Kemennadenn Orin --------',
    labels: {
      from: 'A-berzh:',
      to: 'Da:',
      cc: 'Cc:',
      date: 'Kaset:',
      subject: 'Danvez:',
    },
  },
  {
    locale: 'bs',
    commit: '1b428ad3c9d9590371d952dfd7a2d72330a3f0ae',
    replyHeader: '%s je napisao:',
    replyHeaderWithDate: 'Dana %1$s, %2$s je napisao:',
    separator: '-------- Originalna Poruka --------',
    labels: {
      from: 'Od:',
      to: 'Za:',
      cc: 'Cc:',
      date: 'Poslano:',
      subject: 'Tema:',
    },
  },
  {
    locale: 'ca',
    commit: '014a5374c0d97c5db41acf13c319d374f47ce57a',
    replyHeader: '%s ha escrit:',
    replyHeaderWithDate: 'El %1$s, %2$s ha escrit:',
    separator: '-------- Missatge Original --------',
    labels: {
      from: 'De:',
      to: 'A:',
      cc: 'A/c:',
      date: 'Enviat:',
      subject: 'Assumpte:',
    },
  },
  {
    locale: 'co',
    commit: '125f87a01fbb711bfb1786bbbd875195c2e5256d',
    replyHeader: '%s hà scrittu :',
    replyHeaderWithDate: 'U %1$s, %2$s hà scrittu :',
    separator: '-------- Messaghju d’origine --------',
    labels: {
      from: 'Da :',
      to: 'À :',
      cc: 'Cc :',
      date: 'Mandatu :',
      subject: 'Sughjettu :',
    },
  },
  {
    locale: 'cs',
    commit: '077db3e8228faa7e6a5f38291a27fa9f4489eeb7',
    replyHeader: '%s napsal(a):',
    replyHeaderWithDate: '%1$s, %2$s napsal:',
    separator: '-------- Původní zpráva --------',
    labels: {
      from: 'Odesílatel:',
      to: 'Komu:',
      cc: 'Kopie:',
      date: 'Odesláno:',
      subject: 'Předmět:',
    },
  },
  {
    locale: 'cy',
    commit: '02a11c2f69f5f56dbb98f9a8b2e94d2d0283137e',
    replyHeader: 'Ysgrifennodd %s:',
    replyHeaderWithDate: 'Ar %1$s, ysgrifennodd %2$s:',
    separator: '-------- Neges Wreiddiol --------',
    labels: {
      from: 'Oddi wrth:',
      to: 'At:',
      cc: 'Cc:',
      date: 'Anfonwyd:',
      subject: 'Pwnc:',
    },
  },
  {
    locale: 'da',
    commit: '1a7a1b9937fe7ac50f7554c410b17e8af33da5b0',
    replyHeader: '%s skrev:',
    replyHeaderWithDate: 'Den %1$s, %2$s skrev:',
    separator: '-------- Original besked --------',
    labels: {
      from: 'Fra:',
      to: 'Til:',
      cc: 'Cc:',
      date: 'Sendt:',
      subject: 'Emne:',
    },
  },
  {
    locale: 'de',
    commit: '03036f212d323f77a127a7243419f9b3339fee8d',
    replyHeader: '%s schrieb:',
    replyHeaderWithDate: 'Am %1$s schrieb %2$s:',
    separator: '-------- Ursprüngliche Nachricht --------',
    labels: {
      from: 'Von:',
      to: 'An:',
      cc: 'CC:',
      date: 'Gesendet:',
      subject: 'Betreff:',
    },
  },
  {
    locale: 'el',
    commit: '077db3e8228faa7e6a5f38291a27fa9f4489eeb7',
    replyHeader: 'Ο/Η %s έγραψε:',
    replyHeaderWithDate: 'Στις %1$s, ο/η %2$s έγραψε:',
    separator: '-------- Πρωτότυπο μήνυμα --------',
    labels: {
      from: 'Από:',
      to: 'Προς:',
      cc: 'Κοιν:',
      date: 'Αποστολή:',
      subject: 'Θέμα:',
    },
  },
  {
    locale: 'en',
    commit: '0135150e40bc21cd37efda2635ffb20abd335cd8',
    replyHeader: '%s wrote:',
    replyHeaderWithDate: 'On %1$s, %2$s wrote:',
    separator: '-------- Original Message --------',
    labels: {
      from: 'From:',
      to: 'To:',
      cc: 'Cc:',
      date: 'Sent:',
      subject: 'Subject:',
    },
  },
  {
    locale: 'en-rGB',
    commit: '025d454e4538f8a042f52677aa9c711a79e161f0',
    replyHeader: '%s wrote:',
    replyHeaderWithDate: 'On %1$s, %2$s wrote:',
    separator: '-------- Original Message --------',
    labels: {
      from: 'From:',
      to: 'To:',
      cc: 'Cc:',
      date: 'Sent:',
      subject: 'Subject:',
    },
  },
  {
    locale: 'eo',
    commit: '17f57b336b72114ae0f5722287d149991f513539',
    replyHeader: '%s skribis:',
    replyHeaderWithDate: 'Je %1$s, %2$s skribis:',
    separator: '-------- Originala mesaĝo --------',
    labels: {
      from: 'De:',
      to: 'Al:',
      cc: 'Kopio:',
      date: 'Sendita je:',
      subject: 'Temo:',
    },
  },
  {
    locale: 'es',
    commit: '050f552f788c29c5d737904ab3935a3f713c5bbd',
    replyHeader: '%s escribió:',
    replyHeaderWithDate: 'El %1$s, %2$s escribió:',
    separator: '-------- correo original --------',
    labels: {
      from: 'De:',
      to: 'Para:',
      cc: 'Cc:',
      date: 'Enviado:',
      subject: 'Asunto:',
    },
  },
  {
    locale: 'et',
    commit: '025d454e4538f8a042f52677aa9c711a79e161f0',
    replyHeader: '%s kirjutas:',
    replyHeaderWithDate: '%1$s, %2$s kirjutas:',
    separator: '-------- Algne kiri --------',
    labels: {
      from: 'Kellelt:',
      to: 'Kellele:',
      cc: 'Koopia:',
      date: 'Saadetud:',
      subject: 'Teema:',
    },
  },
  {
    locale: 'eu',
    commit: '02a11c2f69f5f56dbb98f9a8b2e94d2d0283137e',
    replyHeader: '%s-(e)k idatzi du:',
    replyHeaderWithDate: '%1$s-(e)an, %2$s-(e)k hau idatzi zuen:',
    separator: '-------- Jatorrizko mezua --------',
    labels: {
      from: 'Nork:',
      to: 'Nori:',
      cc: 'Cc:',
      date: 'Bidalita:',
      subject: 'Gaia:',
    },
  },
  {
    locale: 'fa',
    commit: '025d454e4538f8a042f52677aa9c711a79e161f0',
    replyHeader: '%s نوشت:',
    replyHeaderWithDate: 'در %1$s، %2$s نوشت:',
    separator: '-------- پیام نخستین --------',
    labels: {
      from: 'از:',
      to: 'به:',
      cc: 'رونوشت به:',
      date: 'ارسال:',
      subject: 'موضوع:',
    },
  },
  {
    locale: 'fi',
    commit: '058c23f6d46a2d5093a3fe98078f66638f0ac492',
    replyHeader: '%s kirjoitti:',
    replyHeaderWithDate: '%1$s %2$s kirjoitti:',
    separator: '-------- Alkuperäinen viesti --------',
    labels: {
      from: 'Lähettäjä:',
      to: 'Vastaanottaja:',
      cc: 'Kopio:',
      date: 'Lähetetty:',
      subject: 'Aihe:',
    },
  },
  {
    locale: 'fr',
    commit: '16bfb8cb9d4e372d8c2ef1e54de6a1ee2678f1fe',
    replyHeader: '%s a écrit :',
    replyHeaderWithDate: 'Le %1$s, %2$s a écrit :',
    separator: '-------- Courriel initial --------',
    labels: {
      from: 'De :',
      to: 'À :',
      cc: 'Cc :',
      date: 'Envoyé :',
      subject: 'Objet :',
    },
  },
  {
    locale: 'fy',
    commit: '02a11c2f69f5f56dbb98f9a8b2e94d2d0283137e',
    replyHeader: '%s skreau:',
    replyHeaderWithDate: '%2$s skreau op %1$s:',
    separator: '-------- Orizjineel berjocht --------',
    labels: {
      from: 'Fan:',
      to: 'Oan:',
      cc: 'Cc:',
      date: 'Ferstjoerd:',
      subject: 'Underwerp:',
    },
  },
  {
    locale: 'ga',
    commit: '025d454e4538f8a042f52677aa9c711a79e161f0',
    replyHeader: 'Scríobh %s:',
    replyHeaderWithDate: 'Ar %1$s, scríobh %2$s:',
    separator: '-------- Bunteachtaireacht --------',
    labels: {
      from: 'Ó:',
      to: 'Go dtí:',
      cc: 'Cc:',
      date: 'Seolta:',
      subject: 'Ábhar:',
    },
  },
  {
    locale: 'gd',
    commit: '058c23f6d46a2d5093a3fe98078f66638f0ac492',
    replyHeader: 'Sgrìobh %s:',
    replyHeaderWithDate: 'Sgrìobh %2$s %1$s:',
    separator: '-------- An teachdaireachd thùsail --------',
    labels: {
      from: 'O:',
      to: 'Gu:',
      cc: 'Cc:',
      date: 'Air a chur:',
      subject: 'Cuspair:',
    },
  },
  {
    locale: 'gl',
    commit: '02a11c2f69f5f56dbb98f9a8b2e94d2d0283137e',
    replyHeader: '%s escribiu:',
    replyHeaderWithDate: 'No %1$s, %2$s escribeu:',
    separator: '-------- Mensaxe Orixianl --------',
    labels: {
      from: 'Dende:',
      to: 'Para:',
      cc: 'CC:',
      date: 'Enviado:',
      subject: 'Asunto:',
    },
  },
  {
    locale: 'hi',
    commit: '1995eb1ff987d8fbd499a5b97a37173d9e03436c',
    replyHeader: '%s ने लिखा:',
    replyHeaderWithDate: '%1$s को, %2$s ने लिखा:',
    separator: '-------- पुराना मैसेज--------',
    labels: {
      from: 'से:',
      to: 'को:',
      cc: 'सीसी:',
      date: 'तारीख:',
      subject: 'सबजेक्ट:',
    },
  },
  {
    locale: 'hr',
    commit: '02a11c2f69f5f56dbb98f9a8b2e94d2d0283137e',
    replyHeader: '%s je napisao:',
    replyHeaderWithDate: 'Na %1$s, %2$s wrote:',
    separator: '-------- Originalna Poruka --------',
    labels: {
      from: 'Od:',
      to: 'Za:',
      cc: 'Cc:',
      date: 'Poslano:',
      subject: 'Subject:',
    },
  },
  {
    locale: 'hu',
    commit: '077db3e8228faa7e6a5f38291a27fa9f4489eeb7',
    replyHeader: '%s írta:',
    replyHeaderWithDate: 'Ekkor: %1$s, %2$s írta:',
    separator: '-------- Eredeti üzenet --------',
    labels: {
      from: 'Feladó:',
      to: 'Címzett:',
      cc: 'Másolat:',
      date: 'Elküldve:',
      subject: 'Tárgy:',
    },
  },
  {
    locale: 'hy',
    commit: '16c3fa89b86036239645382765e6d58a1621b3a0',
    replyHeader: '%s գրել է՝',
    replyHeaderWithDate: '%1$s֊ին, %2$s գրել է՝',
    separator: '-------- Նախորդ հաղորդագրութիւնը --------',
    labels: {
      from: 'Ումից՝',
      to: 'Ում՝',
      cc: 'Cc՝',
      date: 'Ուղարկուած՝',
      subject: 'Վերնագիր՝',
    },
  },
  {
    locale: 'in',
    commit: '16c3fa89b86036239645382765e6d58a1621b3a0',
    replyHeader: '%s menulis:',
    replyHeaderWithDate: 'Pada %1$s, %2$s menulis:',
    separator: '-------- Pesan Orisinal --------',
    labels: {
      from: 'Dari:',
      to: 'Kepada:',
      cc: 'Cc:',
      date: 'Terkirim:',
      subject: 'Subjek:',
    },
  },
  {
    locale: 'is',
    commit: '15330e63827404d7145aea154f62891873c84c12',
    replyHeader: '%s skrifaði:',
    replyHeaderWithDate: 'Þann %1$s, skrifaði %2$s:',
    separator: '-------- Upprunaleg skilaboð --------',
    labels: {
      from: 'Frá:',
      to: 'Til:',
      cc: 'Afrit:',
      date: 'Sent:',
      subject: 'Viðfangsefni:',
    },
  },
  {
    locale: 'it',
    commit: '17f57b336b72114ae0f5722287d149991f513539',
    replyHeader: '%s ha scritto:',
    replyHeaderWithDate: 'Il %1$s, %2$s ha scritto:',
    separator: '-------- Messaggio originale --------',
    labels: {
      from: 'Da:',
      to: 'A:',
      cc: 'Cc:',
      date: 'Inviato il:',
      subject: 'Oggetto:',
    },
  },
  {
    locale: 'iw',
    commit: '058c23f6d46a2d5093a3fe98078f66638f0ac492',
    replyHeader: '%s כתב:',
    replyHeaderWithDate: 'ב %1$s, %2$s כתב:',
    separator: '-------- הודעה מקורית --------',
    labels: {
      from: 'מאת:',
      to: 'אל:',
      cc: 'עותק:',
      date: 'נשלח:',
      subject: 'נושא:',
    },
  },
  {
    locale: 'ja',
    commit: '17f57b336b72114ae0f5722287d149991f513539',
    replyHeader: '%s より:',
    replyHeaderWithDate: '%1$s、%2$s より:',
    separator: '-------- 元メール --------',
    labels: {
      from: '差出人:',
      to: '宛先:',
      cc: 'Cc:',
      date: '送信日:',
      subject: '件名:',
    },
  },
  {
    locale: 'ka',
    commit: '1b428ad3c9d9590371d952dfd7a2d72330a3f0ae',
    replyHeader: '%s დაწერა:',
    replyHeaderWithDate: 'თარიღში%1$s, %2$s დაწერა:',
    separator: '-------- საწყისი მესიჯი --------',
    labels: {
      from: 'ვისგან:',
      to: 'ვის:',
      cc: 'ასლი:',
      date: 'გაიგზავნა:',
      subject: 'საგანი:',
    },
  },
  {
    locale: 'kab',
    commit: '1ed81c1323ab2bf1ccc576d58f429e8136c78dba',
    labels: {
      from: 'Sɣur:',
      to: 'I:',
      cc: 'Anɣ. I:',
      date: 'Yettwazen:',
      subject: 'Asentel:',
    },
  },
  {
    locale: 'ko',
    commit: '050f552f788c29c5d737904ab3935a3f713c5bbd',
    replyHeader: '%s이 씀:',
    replyHeaderWithDate: 'On %1$s, %2$s 작성함:',
    separator: '-------- 원본 메시지 --------',
    labels: {
      from: '보낸 사람:',
      to: '받는 사람:',
      cc: '참조:',
      date: '보낸 날짜:',
      subject: '제목:',
    },
  },
  {
    locale: 'lt',
    commit: '02a11c2f69f5f56dbb98f9a8b2e94d2d0283137e',
    replyHeader: '%s rašė:',
    replyHeaderWithDate: '%1$s, %2$s parašė:',
    separator: '-------- Originalus tekstas --------',
    labels: {
      from: 'Nuo:',
      to: 'Kam:',
      cc: 'Cc:',
      date: 'Išsiųsta:',
      subject: 'Tema:',
    },
  },
  {
    locale: 'lv',
    commit: '16c3fa89b86036239645382765e6d58a1621b3a0',
    replyHeader: '%s rakstīja:',
    replyHeaderWithDate: 'Datumā %1$s, %2$s rakstīja:',
    separator: '-------- Sākotnējā ziņa --------',
    labels: {
      from: 'Kas:',
      to: 'Kam:',
      cc: 'Cc:',
      date: 'Nosūtīts:',
      subject: 'Temats:',
    },
  },
  {
    locale: 'ml',
    commit: '058c23f6d46a2d5093a3fe98078f66638f0ac492',
    replyHeader: '%s എഴുതി',
    replyHeaderWithDate: '%1$s, %2$sൽ എഴുതി',
    separator: '-------- യഥാർത്ഥ സന്ദേശം --------',
    labels: {
      from: 'പ്രേഷിതാവ്:',
      to: 'സ്വീകർത്താവ്:',
      cc: 'Cc:',
      date: 'അയച്ചു:',
      subject: 'വിഷയം:',
    },
  },
  {
    locale: 'nb',
    commit: '025d454e4538f8a042f52677aa9c711a79e161f0',
    replyHeader: '%s skrev:',
    replyHeaderWithDate: 'Den %1$s, skrev %2$s:',
    separator: '-------- Original Melding --------',
    labels: {
      from: 'Fra:',
      to: 'Til:',
      cc: 'Kopi:',
      date: 'Sendt:',
      subject: 'Emne:',
    },
  },
  {
    locale: 'nl',
    commit: '058c23f6d46a2d5093a3fe98078f66638f0ac492',
    replyHeader: '%s schreef:',
    replyHeaderWithDate: '%2$s schreef op %1$s:',
    separator: '-------- Origineel bericht --------',
    labels: {
      from: 'Van:',
      to: 'Aan:',
      cc: 'Cc:',
      date: 'Verzonden:',
      subject: 'Onderwerp:',
    },
  },
  {
    locale: 'nn',
    commit: '01c0769b043a6a31e6853170d0ab69d197fc699b',
    replyHeader: '%s skreiv:',
    replyHeaderWithDate: 'Den %1$s, skreiv %2$s:',
    separator: '-------- Opphavleg melding --------',
    labels: {
      from: 'Frå:',
      to: 'Til:',
      cc: 'Kopi:',
      date: 'Sendt:',
      subject: 'Emne:',
    },
  },
  {
    locale: 'pl',
    commit: '00c141ff1374e95c9cd68b65ea9bf57f53ea3bfb',
    replyHeader: '%s napisał/a:',
    replyHeaderWithDate: 'Dnia %1$s, %2$s napisał/a:',
    separator: '-------- Wiadomość oryginalna --------',
    labels: {
      from: 'Od:',
      to: 'Do:',
      cc: 'DW:',
      date: 'Wysłane:',
      subject: 'Temat:',
    },
  },
  {
    locale: 'pt-rBR',
    commit: '0a7085abb53c9f6efe8e524c8cab2b6ae249c667',
    replyHeader: '%s escreveu:',
    replyHeaderWithDate: 'Em %1$s, %2$s escreveu:',
    separator: '-------- Mensagem original --------',
    labels: {
      from: 'De:',
      to: 'Para:',
      cc: 'Cc:',
      date: 'Enviado:',
      subject: 'Assunto:',
    },
  },
  {
    locale: 'pt-rPT',
    commit: '16c3fa89b86036239645382765e6d58a1621b3a0',
    replyHeader: '%s escreveu:',
    replyHeaderWithDate: 'A %1$s, %2$s escreveu:',
    separator: '-------- Mensagem Original --------',
    labels: {
      from: 'De:',
      to: 'Para:',
      cc: 'Cc:',
      date: 'Enviado:',
      subject: 'Assunto:',
    },
  },
  {
    locale: 'ro',
    commit: '025d454e4538f8a042f52677aa9c711a79e161f0',
    replyHeader: '%s a scris:',
    replyHeaderWithDate: 'În %1$s, %2$s a scris:',
    separator: '-------- Mesaj Original --------',
    labels: {
      from: 'De la:',
      to: 'La:',
      cc: 'Cc:',
      date: 'Trimis:',
      subject: 'Subiect:',
    },
  },
  {
    locale: 'ru',
    commit: '025d454e4538f8a042f52677aa9c711a79e161f0',
    replyHeader: '%s пишет:',
    replyHeaderWithDate: '%1$s, %2$s пишет:',
    separator: '------ Исходное сообщение ------',
    labels: {
      from: 'От:',
      to: 'Кому:',
      cc: 'Копия:',
      date: 'Отправлено:',
      subject: 'Тема:',
    },
  },
  {
    locale: 'sk',
    commit: '123c306ed506c9a6749bb48d010f17955d5fcd9b',
    replyHeader: 'Používateľ %s napísal:',
    replyHeaderWithDate: 'Dňa %1$s používateľ %2$s napísal:',
    separator: '-------- Pôvodná správa --------',
    labels: {
      from: 'Od:',
      to: 'Komu:',
      cc: 'Kópia:',
      date: 'Odoslané:',
      subject: 'Predmet:',
    },
  },
  {
    locale: 'sl',
    commit: '03036f212d323f77a127a7243419f9b3339fee8d',
    replyHeader: '%s sporoča:',
    replyHeaderWithDate: 'Dne %1$s, %2$s sporoča:',
    separator: '-------- Izvirno sporočilo --------',
    labels: {
      from: 'Od:',
      to: 'Za:',
      cc: 'Kp:',
      date: 'Poslano:',
      subject: 'Zadeva:',
    },
  },
  {
    locale: 'sq',
    commit: '058c23f6d46a2d5093a3fe98078f66638f0ac492',
    replyHeader: '%s shkroi:',
    replyHeaderWithDate: 'Më %1$s, %2$s shkroi:',
    separator: '-------- Mesazhi Origjinal --------',
    labels: {
      from: 'Nga:',
      to: 'Për:',
      cc: 'Cc:',
      date: 'Dërguar më:',
      subject: 'Subjekt:',
    },
  },
  {
    locale: 'sr',
    commit: '123c306ed506c9a6749bb48d010f17955d5fcd9b',
    replyHeader: '%s написа:',
    replyHeaderWithDate: 'Дана %1$s, %2$s написа:',
    separator: '-------- Оригинална порука --------',
    labels: {
      from: 'Од:',
      to: 'За:',
      cc: 'Копија:',
      date: 'Послато:',
      subject: 'Тема:',
    },
  },
  {
    locale: 'sv',
    commit: '077db3e8228faa7e6a5f38291a27fa9f4489eeb7',
    replyHeader: '%s skrev:',
    replyHeaderWithDate: 'Den %1$s, %2$s skrev:',
    separator: '-------- Originalmeddelande --------',
    labels: {
      from: 'Från:',
      to: 'Till:',
      cc: 'Kopia:',
      date: 'Skickat:',
      subject: 'Ämne:',
    },
  },
  {
    locale: 'tr',
    commit: '02a11c2f69f5f56dbb98f9a8b2e94d2d0283137e',
    replyHeader: '%s yazdı:',
    replyHeaderWithDate: '%1$s tarihinde %2$s yazdı:',
    separator: '-------- Özgün İleti --------',
    labels: {
      from: 'Kimden:',
      to: 'Kime:',
      cc: 'Cc:',
      date: 'Gönderilme:',
      subject: 'Konu:',
    },
  },
  {
    locale: 'uk',
    commit: '025d454e4538f8a042f52677aa9c711a79e161f0',
    replyHeader: '%s пише:',
    replyHeaderWithDate: '%1$s, %2$s пише:',
    separator: '-------- Початкове повідомлення --------',
    labels: {
      from: 'Від:',
      to: 'Кому:',
      cc: 'Копія:',
      date: 'Надіслано:',
      subject: 'Тема:',
    },
  },
  {
    locale: 'vi',
    commit: '123c306ed506c9a6749bb48d010f17955d5fcd9b',
    replyHeader: '%s đã viết:',
    replyHeaderWithDate: 'Vào %1$s, %2$s đã viết:',
    separator: '-------- Thư gốc --------',
    labels: {
      from: 'Từ:',
      to: 'Tới:',
      cc: 'Cc:',
      date: 'Đã gửi:',
      subject: 'Chủ đề:',
    },
  },
  {
    locale: 'zh-rCN',
    commit: '125f87a01fbb711bfb1786bbbd875195c2e5256d',
    replyHeader: '%s 写道：',
    replyHeaderWithDate: '于 %1$s，%2$s 写道：',
    separator: '-------- 原始邮件 --------',
    labels: {
      from: '发件人：',
      to: '收件人：',
      cc: '抄送：',
      date: '发送时间：',
      subject: '主题：',
    },
  },
  {
    locale: 'zh-rTW',
    commit: '058c23f6d46a2d5093a3fe98078f66638f0ac492',
    replyHeader: '%s寫到:',
    replyHeaderWithDate: '於 %1$s，%2$s 寫到：',
    separator: '--------原始郵件--------',
    labels: {
      from: '寄件人：',
      to: '收件人：',
      cc: '副本：',
      date: '送件日期:',
      subject: '主題：',
    },
  },
];
