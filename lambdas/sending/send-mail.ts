import { randomUUID } from 'node:crypto';
import { sendingConfigured, sendRawMail } from '../platform/aws/ses.ts';
import { addressDomain } from '../domains/dns-records.ts';
import { config } from '../platform/config.ts';
import { badRequest, forbidden, notConfigured, paymentRequired, rateLimited, tooManyRequests, upstreamRefused } from '../platform/errors.ts';
import { deterministicId, newId } from '../platform/ids.ts';
import { composeMime } from '../content/compose.ts';
import { preview } from '../content/threading.ts';
import { effectiveLimits, isPaid, TIER_LIMITS } from '../accounts/tiers.ts';
import { errorFields, log } from '../platform/log.ts';
import { metrics } from '../platform/metrics.ts';
import { attachmentKey, putObject } from '../messages/blobs.store.ts';
import { getThread, storeMessage } from '../messages/messages.store.ts';
import type { AccountRecord } from '../accounts/accounts.entities.ts';
import type { InboxRecord } from '../inboxes/inboxes.entities.ts';
import type { AttachmentRecord, MessageRecord, ThreadRecord } from '../messages/messages.entities.ts';
import { recordSent, releaseSend, reserveSend, sendsToday, setDeliveryStatus, suppressedAmong, utcDay } from './sending.store.ts';
import { dispatchAfterCommit, newEvent } from '../events/outbox.ts';
import { offloadLargeBodies } from '../messages/message-bodies.ts';
import { formatBytes, MAX_ATTACHMENT_BYTES_TOTAL } from '../platform/payload-limits.ts';
import { messageView } from '../messages/message-views.ts';
import { upgradeContext } from '../accounts/upgrade-context.ts';
import { displayName } from '../inboxes/inbox-views.ts';

export interface SendRequest {
  inbox: InboxRecord;
  account: AccountRecord;
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  text: string;
  html: string | null;
  attachments: { filename: string; content: Buffer; contentType: string }[];
  /** The message this one answers: sets In-Reply-To/References and the thread. */
  answering?: MessageRecord;
  threadId?: string | null;
}

const secondsToMidnightUtc = (nowMs: number) => Math.max(1, Math.ceil((Date.parse(`${utcDay(nowMs)}T00:00:00Z`) + 86_400_000 - nowMs) / 1000));

/** The checks a send must pass before anything is reserved: tier, deployment, account, recipients. */
export async function assertMaySend(account: AccountRecord, recipients: string[], fromAddress?: string) {
  const identity = fromAddress ? addressDomain(fromAddress) : config.mailDomain;
  if (!isPaid(account.tier)) {
    throw paymentRequired('SEND_REQUIRES_PAID', 'Free accounts receive mail only; sending needs a paid tier.', {
      upgrade_context: await upgradeContext(account.id, account.tier, 'I need to send email, which my free account cannot do.'),
    });
  }
  if (!(await sendingConfigured(identity))) {
    throw notConfigured('OUTBOUND_NOT_CONFIGURED', `This deployment has no verified sending identity for ${identity} yet.`, {
      next_steps: ['Ask the operator of this deployment to verify the mail domain in SES (DKIM records) and leave the SES sandbox.',
        'Drafts can still be created and scheduled meanwhile.'],
    });
  }
  if (account.status !== 'active') throw forbidden(account.status === 'under_review' ? 'ACCOUNT_UNDER_REVIEW' : 'ACCOUNT_SUSPENDED', `The account is ${account.status}; sending is paused.`);
  const suppressed = await suppressedAmong(account.id, recipients.map((a) => a.toLowerCase())); // stored lower-case
  if (suppressed.length) {
    throw badRequest('RECIPIENT_SUPPRESSED', `Not sending to ${suppressed.map((s) => s.address).join(', ')}: ${suppressed[0]!.reason}.`, {
      field: 'to', details: suppressed,
      next_steps: ['Remove the suppressed recipients; they bounced permanently or reported your mail as spam.'],
    });
  }
}

async function reserveOrRefuse(account: AccountRecord, nowMs: number) {
  const l = effectiveLimits(account.tier, config.limitOverrides);
  const outcome = await reserveSend(account.id, { perDay: l.sendsPerDay, perMinute: l.sendBurstPerMinute, concurrent: l.concurrentSends }, nowMs);
  if (outcome.ok) return;
  if (outcome.reason === 'daily') {
    const resetAt = new Date(Date.parse(`${utcDay(nowMs)}T00:00:00Z`) + 86_400_000).toISOString();
    throw rateLimited('SEND_LIMIT_EXCEEDED', `The ${TIER_LIMITS[account.tier].label} tier sends at most ${l.sendsPerDay.toLocaleString('en-US')} messages a day.`, {
      code: 'DAILY_SEND_QUOTA', retry_after: secondsToMidnightUtc(nowMs),
      current_usage: { sent_today: await sendsToday(account.id, nowMs), limit: l.sendsPerDay, reset_at: resetAt },
      upgrade_context: await upgradeContext(account.id, account.tier, 'I have used up today\'s sending quota.'),
    });
  }
  if (outcome.reason === 'burst') {
    throw tooManyRequests(`At most ${l.sendBurstPerMinute} sends per minute on this tier.`, {
      code: 'SEND_BURST_LIMIT', retry_after: 60 - Math.floor((nowMs / 1000) % 60),
      rate_limit: { limit: l.sendBurstPerMinute, window: 60 },
    });
  }
  throw tooManyRequests(`At most ${l.concurrentSends} sends may be in progress at once on this tier.`, {
    code: 'CONCURRENT_SEND_LIMIT', retry_after: 1, rate_limit: { limit: l.concurrentSends },
  });
}

/**
 * Sends one message: checks, quota reservation, MIME, the outbound message stored in its thread
 * as `queued`, SES, then `sent` and message.sent. A send SES refuses is marked `failed` and its
 * quota refunded. Returns the stored message.
 */
export async function sendMail(r: SendRequest, opts: { messageId?: string } = {}): Promise<MessageRecord> {
  const recipients = [...r.to, ...r.cc, ...r.bcc];
  await assertMaySend(r.account, recipients, r.inbox.address);
  const total = r.attachments.reduce((n, a) => n + a.content.length, 0);
  if (total > MAX_ATTACHMENT_BYTES_TOTAL) {
    throw badRequest('ATTACHMENTS_TOO_LARGE', `Attachments total ${total} bytes; at most ${MAX_ATTACHMENT_BYTES_TOTAL} (${formatBytes(MAX_ATTACHMENT_BYTES_TOTAL)}) decoded.`, {
      field: 'attachments', details: { max_bytes: MAX_ATTACHMENT_BYTES_TOTAL, received_bytes: total },
    });
  }

  const nowMs = Date.now();
  await reserveOrRefuse(r.account, nowMs);
  let sent = false;
  try {
    const id = opts.messageId ?? newId('message', nowMs);
    const now = new Date(nowMs).toISOString();
    const messageIdHeader = `${randomUUID()}@${addressDomain(r.inbox.address)}`;
    const answering = r.answering;
    const references = answering ? [...answering.references, answering.message_id_header].filter(Boolean).slice(-20) : [];
    let thread: ThreadRecord | undefined = answering ? await getThread(r.inbox.id, answering.thread_id)
      : r.threadId ? await getThread(r.inbox.id, r.threadId) : undefined;
    if (r.threadId && !thread && !answering) throw badRequest('THREAD_NOT_FOUND', `No thread ${r.threadId} in this inbox.`, { field: 'thread_id' });
    const threadId = thread?.id ?? deterministicId('thread', `${id}#thread`, nowMs);

    const attachments: AttachmentRecord[] = [];
    for (const [i, a] of r.attachments.entries()) {
      const attId = deterministicId('attachment', `${id}#${i}`, nowMs);
      const key = attachmentKey(id, attId);
      await putObject(key, a.content, a.contentType, { filename: a.filename });
      attachments.push({ id: attId, filename: a.filename, content_type: a.contentType, size: a.content.length, inline: false, s3_key: key });
    }
    const raw = await composeMime({
      from: { name: displayName(r.inbox), address: r.inbox.address }, to: r.to, cc: r.cc, bcc: r.bcc, subject: r.subject,
      text: r.text, html: r.html, messageId: messageIdHeader, inReplyTo: answering?.message_id_header || null, references,
      date: new Date(nowMs), attachments: r.attachments,
    });
    const rawKey = `outbound/${r.inbox.id}/${id}.eml`;
    await putObject(rawKey, raw, 'message/rfc822');

    const message: MessageRecord = {
      id, inbox_id: r.inbox.id, account_id: r.account.id, thread_id: threadId, direction: 'outbound',
      from: r.inbox.address, from_name: displayName(r.inbox), to: r.to, cc: r.cc, bcc: r.bcc, reply_to: [],
      subject: r.subject, body_text: r.text, body_html: r.html, reply_body: r.text, links: [], cta_links: [], verification_codes: [],
      headers: { 'message-id': `<${messageIdHeader}>`, date: new Date(nowMs).toUTCString(), subject: r.subject, from: r.inbox.address, to: r.to.join(', '),
        ...(answering ? { 'in-reply-to': `<${answering.message_id_header}>`, references: references.map((x) => `<${x}>`).join(' ') } : {}) },
      message_id_header: messageIdHeader, in_reply_to: answering?.message_id_header ?? null, references, labels: [], read: true,
      spam_score: 0, spam_verdict: {}, received_at: now, created_at: now, attachments, raw_s3_key: rawKey, delivery_status: 'queued',
    };
    const newThread: ThreadRecord | undefined = thread ? undefined : {
      id: threadId, inbox_id: r.inbox.id, account_id: r.account.id, subject: r.subject,
      participants: [...new Set([r.inbox.address, ...r.to, ...r.cc])], labels: [], message_count: 1, unread_count: 0,
      latest_message: { id, from_address: r.inbox.address, preview: preview(r.text), received_at: now },
      status: 'active', created_at: now, updated_at: now,
    };
    const stored = await storeMessage({ message: await offloadLargeBodies(message), inbox: r.inbox, preview: preview(r.text), events: [],
      thread: newThread ? { kind: 'new', record: newThread } : { kind: 'existing', id: threadId } });
    if (stored !== 'stored') throw new Error(`outbound message ${id} could not be stored (${stored})`);

    let sesMessageId: string;
    try {
      sesMessageId = await sendRawMail(raw, r.inbox.address, recipients);
    } catch (e) {
      log.error('SES refused an outbound message', { message_id: id, ...errorFields(e) });
      await setDeliveryStatus(r.inbox.id, id, 'failed', { failure_reason: (e as Error).message });
      throw upstreamRefused('SEND_FAILED', 'The mail service refused this message; it was not sent. Nothing was charged to your quota.', {
        next_steps: ['Check the recipients and try again later.'],
      });
    }
    sent = true;
    metrics.mailSent();
    const sentMessage = { ...message, delivery_status: 'sent' };
    const event = await newEvent('message.sent', { account_id: r.account.id, inbox_id: r.inbox.id }, { message: messageView(sentMessage) });
    // The SES link, `sent` and message.sent commit together: a crash after SES accepted the
    // mail loses none of them without the others.
    await recordSent(message, sesMessageId, now, event);
    await dispatchAfterCommit([event]);
    return sentMessage;
  } finally {
    await releaseSend(r.account.id, nowMs, !sent);
  }
}
