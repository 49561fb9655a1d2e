import type * as z from 'zod';
import { badRequest, conflict, invalidApiKey, notFound } from '../platform/errors.ts';
import { isId } from '../platform/ids.ts';
import type { ReplyBody, SendBody } from './sending.schemas.ts';
import { getAccountAndInbox } from '../accounts/accounts.store.ts';
import {
  claimIdempotency, getIdempotentResource, getLegacyIdempotentResource, idempotencyScope, releaseIdempotency, repointIdempotency,
} from '../platform/dynamo/idempotency.ts';
import { findMessageById, getMessage } from '../messages/messages.store.ts';
import type { AccountRecord } from '../accounts/accounts.entities.ts';
import type { InboxRecord } from '../inboxes/inboxes.entities.ts';
import type { MessageRecord } from '../messages/messages.entities.ts';
import { sendMail, type SendRequest } from './send-mail.ts';
import { newId } from '../platform/ids.ts';
import type { Caller } from '../platform/caller.ts';

export type SendInput = z.output<typeof SendBody>;
export type ReplyInput = z.output<typeof ReplyBody>;

/** The message sent, and whether it is an earlier send of the same client_id (nothing was sent twice). */
export interface SendOutcome { message: MessageRecord; replayed: boolean }

/**
 * client_id makes a send happen once per inbox and operation (send, reply): the claim is taken
 * before sending, released if it fails. Another inbox's client_id is another key, so it never
 * answers with that inbox's message.
 */
async function sendOnce(account: AccountRecord, inbox: InboxRecord, operation: 'send' | 'reply', clientId: string | undefined,
  build: (messageId: string) => Promise<SendRequest>): Promise<SendOutcome> {
  const messageId = newId('message');
  if (clientId) {
    const scope = idempotencyScope(operation, `inb:${inbox.id}`);
    const claimed = await claimIdempotency(scope, clientId, messageId);
    if (!claimed.ok) {
      const existing = await getIdempotentResource(scope, clientId);
      const prior = existing ? await findMessageById(existing) : undefined;
      if (prior) return { message: prior, replayed: true };
      throw conflict('SEND_IN_PROGRESS', 'A send with this client_id is in progress; read the inbox\'s messages in a moment.', { retry_after: 2 });
    }
    const legacy = await legacySend(account, inbox, clientId);
    if (legacy) {
      await repointIdempotency(scope, clientId, messageId, legacy.id);
      return { message: legacy, replayed: true };
    }
    try {
      return { message: await sendMail(await build(messageId), { messageId }), replayed: false };
    } catch (e) {
      await releaseIdempotency(scope, clientId);
      throw e;
    }
  }
  return { message: await sendMail(await build(messageId), { messageId }), replayed: false };
}

/**
 * A send made with this client_id before keys were per inbox and operation (those items never
 * expire): a repeat across that deploy answers with it instead of sending twice, but only when it
 * left from this very inbox. One read per first use of a client_id; drop it once no client
 * retries a send from before that deploy.
 */
async function legacySend(account: AccountRecord, inbox: InboxRecord, clientId: string): Promise<MessageRecord | undefined> {
  const id = await getLegacyIdempotentResource(`acc:${account.id}#send`, clientId);
  const prior = id && isId('message', id) ? await findMessageById(id) : undefined;
  return prior && prior.inbox_id === inbox.id && prior.direction === 'outbound' ? prior : undefined;
}

/** Sends a new mail (or an answer, with in_reply_to) from `inbox`; client_id makes it happen once. */
export async function sendMessage(account: AccountRecord, inbox: InboxRecord, b: SendInput): Promise<SendOutcome> {
  const attachments = b.attachments.map((a, i) => {
    const content = Buffer.from(a.content, 'base64');
    if (!content.length && a.content.length) throw badRequest('VALIDATION_ERROR', `attachments.${i}.content: not base64`, { field: `attachments.${i}.content` });
    return { filename: a.filename, content, contentType: a.content_type };
  });
  const answering = b.in_reply_to ? (isId('message', b.in_reply_to) ? await getMessage(inbox.id, b.in_reply_to) : undefined) : undefined;
  if (b.in_reply_to && !answering) throw badRequest('MESSAGE_NOT_FOUND', `in_reply_to: no message ${b.in_reply_to} in this inbox.`, { field: 'in_reply_to' });
  return sendOnce(account, inbox, 'send', b.client_id, async () => ({
    inbox, account, to: b.to, cc: b.cc, bcc: b.bcc, subject: b.subject, text: b.body, html: b.body_html ?? null, attachments, answering,
  }));
}

const reSubject = (s: string) => (/^\s*re\s*:/i.test(s) ? s : `Re: ${s}`);

/**
 * Replies to message `id` in its thread, from its inbox: an account caller may answer any of the
 * account's messages, an inbox caller only its own inbox's.
 */
export async function replyToMessage(p: Caller, id: string, b: ReplyInput): Promise<SendOutcome> {
  const original = isId('message', id) ? await findMessageById(id) : undefined;
  if (!original || original.account_id !== p.account.id) throw notFound('MESSAGE_NOT_FOUND', `No message ${id} for this key.`);
  if (p.kind === 'inbox' && p.inbox!.id !== original.inbox_id) throw invalidApiKey('This inbox key is not valid for that message\'s inbox.');
  let inbox: InboxRecord | undefined = p.inbox;
  if (!inbox || inbox.id !== original.inbox_id) inbox = (await getAccountAndInbox(p.account.id, original.inbox_id)).inbox;
  if (!inbox || inbox.status !== 'active') throw notFound('INBOX_NOT_FOUND', `The inbox of message ${id} was deleted.`);
  const self = inbox.address;
  const replyTo = original.direction === 'inbound' ? (original.reply_to.length ? original.reply_to : [original.from]) : original.to;
  const to = [...new Set(replyTo.filter((a) => a && a !== self))];
  const cc = b.reply_all ? [...new Set([...original.to, ...original.cc].filter((a) => a !== self && !to.includes(a)))] : [];
  if (!to.length) throw badRequest('NO_RECIPIENT', `Message ${id} has no sender to reply to.`);
  return sendOnce(p.account, inbox, 'reply', b.client_id, async () => ({
    inbox: inbox!, account: p.account, to, cc, bcc: [], subject: reSubject(original.subject), text: b.body, html: b.body_html ?? null,
    attachments: [], answering: original,
  }));
}

