import { deterministicId } from '../platform/ids.ts';
import { deriveContent, forwardedAttachment, parseInboundReadable, type DerivedContent, type ParsedInbound } from '../content/index.ts';
import { matchSenderRules } from '../messages/sender-rules.ts';
import { authenticationOf, type Authentication } from '../content/sender-trust.ts';
import { assessSafety, type Security } from '../content/safety/index.ts';
import { safetyInputOf } from '../content/safety/input.ts';

/** What ingest stores of the derived content: the rules' inputs (hidden parts, anchors, attribute texts) are not kept. */
type StoredContent = Omit<DerivedContent, 'hidden' | 'anchors' | 'attribute_texts'>;
import { spamScore, type Verdicts } from '../content/spam.ts';
import { preview, threadCandidates } from '../content/threading.ts';
import { config } from '../platform/config.ts';
import { addLogContext, log } from '../platform/log.ts';
import { metrics } from '../platform/metrics.ts';
import { attachmentKey, getObjectStream, presignDownload, putObject, rawInboundKey } from '../messages/blobs.store.ts';
import { getEvent } from '../events/events.store.ts';
import { listEntries } from '../messages/lists.store.ts';
import { sequenceArrivals, sweepPendingArrivals } from './arrivals.store.ts';
import { claimedInboxIds, mailTargets, recordRejection, storeInboundMessage, type MailTarget } from '../messages/messages.store.ts';
import type { EventRecord } from '../events/events.entities.ts';
import type { InboxRecord } from '../inboxes/inboxes.entities.ts';
import type { AttachmentRecord, ListEntryRecord, MessageRecord, ThreadRecord } from '../messages/messages.entities.ts';
import { messageReceivedData } from '../events/event-types.ts';
import { dispatchAfterCommit, newEvent } from '../events/outbox.ts';
import { offloadLargeBodies } from '../messages/message-bodies.ts';
import { messageView, threadView } from '../messages/message-views.ts';

/** What ingest needs of an SES receipt notification (the Lambda action's `Records[].ses`). */
export interface InboundNotification {
  sesMessageId: string;
  /** Envelope recipients: To, Cc and BCC alike. */
  recipients: string[];
  receivedAt: string;
  verdicts: Verdicts;
  /** SMTP MAIL FROM (SES mail.source); empty for bounces. */
  envelopeFrom?: string;
}

export interface IngestOutcome {
  delivered: { inboxId: string; messageId: string; threadId: string; newThread: boolean }[];
  duplicates: string[];
  rejected: { inboxId: string; reason: string }[];
  unknownRecipients: string[];
  parseError?: string;
}

/**
 * Storing collides only with a reply and its parent racing for one Message-ID claim: read again
 * and retry, after a short random pause that grows to this cap, until the deadline (then the
 * invocation fails and Lambda retries it; the mail is never given up on).
 */
const STORE_RETRY_PAUSE_CAP_MS = 500;
/** Time an invocation keeps for itself after storing stops trying (its answer, the metrics). */
const DEADLINE_MARGIN_MS = 5_000;
/** Without a Lambda context (tests, the replay command): how long one ingest may keep trying. */
const DEFAULT_BUDGET_MS = 50_000;

/**
 * Envelope recipients → inbox address claims (keys.inboxClaim), plus tags dropped:
 * `name+tag@<mail domain>` → `name`; `name+tag@<custom domain>` → `name@<custom domain>`.
 * Any other domain SES accepted (the receipt rule takes every verified domain) matches no inbox.
 */
export function recipientUsernames(recipients: string[], mailDomain: string): string[] {
  const out = new Set<string>();
  for (const r of recipients) {
    const addr = r.trim().toLowerCase().replace(/^<|>$/g, '');
    const at = addr.lastIndexOf('@');
    if (at < 1) continue;
    const name = addr.slice(0, at).split('+')[0]!;
    const domain = addr.slice(at + 1);
    out.add(domain === mailDomain ? name : `${name}@${domain}`);
  }
  return [...out];
}

const claimOf = (i: InboxRecord) => (i.domain_id ? i.address : i.username);

export { deriveContent } from '../content/index.ts';

/**
 * Files one received message into every recipient inbox at our domain. Safe to run twice for
 * the same SES message: ids are derived from it, so a repeat finds its messages already stored.
 */
export async function ingestInboundMail(n: InboundNotification, deadline = Date.now() + DEFAULT_BUDGET_MS): Promise<IngestOutcome> {
  const rawKey = rawInboundKey(n.sesMessageId);
  const outcome: IngestOutcome = { delivered: [], duplicates: [], rejected: [], unknownRecipients: [] };
  const usernames = recipientUsernames(n.recipients, config.mailDomain);
  const noInbox = () => {
    log.info('inbound mail for no active inbox', { ses_message_id: n.sesMessageId, recipients: usernames.length });
    return outcome;
  };
  const inboxIds = await claimedInboxIds(usernames);
  if (!inboxIds.length) {
    outcome.unknownRecipients = usernames;
    return noInbox();
  }

  // Parsed as it streams from the bucket, with the size caps applied while streaming.
  const raw = await getObjectStream(rawKey);
  if (!raw) throw new Error(`raw message ${rawKey} is not in the bucket`);
  const parsed = await parseInboundReadable(raw);
  // Each inbox with its arrival marker and the thread this mail answers: one round trip for all.
  const targets = await mailTargets(inboxIds, threadCandidates(parsed.inReplyTo, parsed.references), parsed.messageId);
  const known = new Set(targets.map((t) => claimOf(t.inbox)));
  outcome.unknownRecipients = usernames.filter((u) => !known.has(u));
  if (!targets.length) return noInbox();
  if (parsed.parseError) outcome.parseError = parsed.parseError;
  const { hidden, anchors, attribute_texts, ...content } = deriveContent(parsed);
  // A forward without an inline block may carry its message as an attachment.
  content.forwarded ??= await forwardedAttachment(parsed);
  const receivedMs = Date.parse(n.receivedAt) || Date.now();
  const receivedAt = new Date(receivedMs).toISOString();
  const sender = parsed.from?.address ?? '';
  // Once per received message: stored on each copy, read from there (never recomputed on reads).
  const authentication = authenticationOf(n.verdicts, sender, parsed.authenticationResults);
  // Once per received message too: the same mail is as safe in every inbox it reaches.
  const security = assessSafety(safetyInputOf(parsed, { visible_text: content.visible_text, hidden, anchors, attribute_texts }, {
    dmarc: authentication.dmarc === 'pass' || authentication.dmarc === 'fail' ? authentication.dmarc : 'none',
    senderVerified: authentication.sender_verified, envelopeFrom: n.envelopeFrom || undefined,
  }));

  // Attachments are stored once per received message, whatever the number of recipient inboxes.
  const attachments: AttachmentRecord[] = [];
  for (const [i, a] of parsed.attachments.entries()) {
    const id = deterministicId('attachment', `${n.sesMessageId}#${i}`, receivedMs);
    const key = attachmentKey(n.sesMessageId, id);
    await putObject(key, a.content, a.contentType, { filename: a.filename });
    attachments.push({ id, filename: a.filename, content_type: a.contentType, size: a.size, inline: a.inline, s3_key: key,
      ...(a.contentId ? { content_id: a.contentId } : {}) });
  }

  const rulesByAccount = new Map<string, Promise<ListEntryRecord[]>>();
  for (const target of targets) {
    const { inbox } = target;
    addLogContext({ account_id: inbox.account_id, inbox_id: inbox.id });
    let rules = rulesByAccount.get(inbox.account_id);
    if (!rules) { rules = listEntries(inbox.account_id); rulesByAccount.set(inbox.account_id, rules); }
    const decision = matchSenderRules(sender, inbox.id, await rules, authentication.sender_verified);
    if (!decision.accepted) {
      await recordRejection({
        inbox_id: inbox.id, from: sender, subject: parsed.subject, reason: decision.reason,
        rule: decision.rule ? { id: decision.rule.id, type: decision.rule.type, address: decision.rule.address, inbox_id: decision.rule.inbox_id } : null,
        rejected_at: receivedAt, raw_s3_key: rawKey,
      }, n.sesMessageId);
      outcome.rejected.push({ inboxId: inbox.id, reason: decision.reason });
      log.info('inbound mail rejected', { account_id: inbox.account_id, inbox_id: inbox.id, ses_message_id: n.sesMessageId, reason: decision.reason });
      continue;
    }
    const stored = await fileIntoInbox(target, n, parsed, content, authentication, security, attachments, receivedAt, receivedMs, deadline - DEADLINE_MARGIN_MS);
    if (stored === 'duplicate') outcome.duplicates.push(inbox.id);
    else outcome.delivered.push(stored);
    // Ids on the line itself: the context of a shared process (the local stack) can be reset meanwhile.
    log.info('inbound mail filed', { account_id: inbox.account_id, inbox_id: inbox.id, ses_message_id: n.sesMessageId,
      ...(stored === 'duplicate' ? { duplicate: true } : { message_id: stored.messageId, thread_id: stored.threadId }) });
  }
  metrics.mailReceived(outcome.delivered.length);
  metrics.mailRejected(outcome.rejected.length);
  log.info('inbound mail ingested', { ses_message_id: n.sesMessageId, delivered: outcome.delivered.length,
    duplicates: outcome.duplicates.length, rejected: outcome.rejected.length, parse_error: !!outcome.parseError });
  return outcome;
}

async function fileIntoInbox(target: MailTarget, n: InboundNotification, p: ParsedInbound, c: StoredContent, authentication: Authentication,
  security: Security, attachments: AttachmentRecord[], receivedAt: string, receivedMs: number, deadline: number) {
  const { inbox } = target;
  const messageId = deterministicId('message', `${n.sesMessageId}#${inbox.id}`, receivedMs);
  // Plus-addressed copies (name+tag@) are visible recipients of `name@` too.
  const inboxDomain = inbox.address.slice(inbox.address.lastIndexOf('@') + 1);
  const visible = new Set([...p.to, ...p.cc].map((a) => {
    const at = a.lastIndexOf('@');
    const domain = a.slice(at + 1).toLowerCase();
    return at > 0 && (domain === config.mailDomain || domain === inboxDomain) ? `${a.slice(0, at).split('+')[0]}@${domain}` : a;
  }));
  const candidates = threadCandidates(p.inReplyTo, p.references);
  for (let attempt = 0; ; attempt++) {
    if (attempt > 0) {
      if (Date.now() >= deadline) throw new Error(`could not store message ${messageId} before the invocation's deadline (${attempt} attempts)`);
      await new Promise((r) => setTimeout(r, Math.random() * Math.min(STORE_RETRY_PAUSE_CAP_MS, 25 * 2 ** attempt)));
    }
    // Read with the inbox at first; a retry (a claim was taken meanwhile) reads them again.
    const now = attempt === 0 ? target : (await mailTargets([inbox.id], candidates, p.messageId))[0];
    if (!now) throw new Error(`inbox ${inbox.id} stopped receiving while message ${messageId} was being filed`);
    const { threadId: existingThread } = now;
    const threadId = existingThread ?? deterministicId('thread', `${n.sesMessageId}#${inbox.id}#thread`, receivedMs);
    const message: MessageRecord = {
      id: messageId,
      inbox_id: inbox.id,
      account_id: inbox.account_id,
      thread_id: threadId,
      direction: 'inbound',
      from: p.from?.address ?? '',
      from_name: p.from?.name ?? null,
      to: p.to,
      cc: p.cc,
      // An inbox among the envelope recipients but in neither To nor Cc was BCC'd.
      bcc: visible.has(inbox.address) ? [] : [inbox.address],
      reply_to: p.replyTo,
      subject: p.subject,
      ...c,
      headers: p.headers,
      message_id_header: p.messageId ?? '',
      in_reply_to: p.inReplyTo ?? null,
      references: p.references,
      labels: [],
      read: false,
      spam_score: spamScore(n.verdicts),
      spam_verdict: { ...n.verdicts },
      received_at: receivedAt,
      created_at: new Date().toISOString(),
      attachments,
      raw_s3_key: rawInboundKey(n.sesMessageId),
      envelope_from: n.envelopeFrom || null,
      authentication,
      security,
      // Its claim-queue item is written in the same transaction (claims.store.ts).
      queued_at: receivedAt,
      ...(p.parseError ? { parse_error: p.parseError } : {}),
    };
    const thread: ThreadRecord | undefined = existingThread ? undefined : {
      id: threadId, inbox_id: inbox.id, account_id: inbox.account_id, subject: p.subject,
      participants: [...new Set([message.from, ...p.to, ...p.cc, inbox.address].filter(Boolean))],
      labels: [], message_count: 1, unread_count: 1,
      latest_message: { id: messageId, from_address: message.from, preview: preview(c.body_text), received_at: receivedAt },
      status: 'active', created_at: receivedAt, updated_at: receivedAt,
    };
    const events = await messageEvents(message, thread, receivedMs);
    const unclaimed = (id: string) => !now.claimed.has(id);
    const result = await storeInboundMessage({
      message: await offloadLargeBodies(message), inbox, preview: preview(c.body_text), events,
      thread: thread ? { kind: 'new', record: thread } : { kind: 'existing', id: threadId },
      claims: { own: p.messageId && unclaimed(p.messageId) ? p.messageId : undefined, candidates: candidates.filter((x) => x !== p.messageId && unclaimed(x)) },
    });
    if (result === 'conflict') continue;
    // Stored (or stored before, by an earlier try of this trigger that may have stopped short):
    // its place in the arrival order and its counters, then its events out.
    const stored = result === 'stored' ? events
      : (await Promise.all(events.map((e) => getEvent(e.event_id)))).filter((e): e is EventRecord => !!e && !e.dispatched);
    await dispatchAfterCommit(stored);
    if (!(await sequenceArrivals(inbox.id, deadline))) {
      // Stored and announced; its place comes from the next ingest of this inbox or the sweep.
      log.warn('message stored but not yet in the arrival order', { inbox_id: inbox.id, message_id: messageId });
    }
    if (result === 'duplicate') return 'duplicate' as const;
    return { inboxId: inbox.id, messageId, threadId, newThread: !existingThread };
  }
}

/** message.received (full message, presigned attachment URLs) and thread.created; ids derive from the message. */
async function messageEvents(m: MessageRecord, newThread: ThreadRecord | undefined, receivedMs: number): Promise<EventRecord[]> {
  const view = messageView(m);
  const attachments = await Promise.all(m.attachments.map(async (a, i) => ({
    ...view.attachments[i]!, url: await presignDownload(a.s3_key, a.filename, a.content_type),
  })));
  const ctx = (name: string) => ({ account_id: m.account_id, inbox_id: m.inbox_id, timestamp: m.received_at,
    event_id: deterministicId('event', `${m.id}#${name}`, receivedMs) });
  const events = [await newEvent('message.received', ctx('message.received'), messageReceivedData({ ...view, attachments }))];
  if (newThread) events.push(await newEvent('thread.created', ctx('thread.created'), { thread: threadView(newThread) }));
  return events;
}

/**
 * The one-minute sweep: messages stored but left out of their inbox's arrival order (an ingest
 * that stopped between the two steps) get their places and counters.
 */
export async function sweepArrivals(deadline = Date.now() + DEFAULT_BUDGET_MS) {
  const r = await sweepPendingArrivals(deadline - DEADLINE_MARGIN_MS);
  if (r.inboxes) log.info('swept pending arrivals', r);
  return r;
}
