import { messageAuthentication } from '../content/sender-trust.ts';
import type { MessageRecord, ThreadRecord } from './messages.entities.ts';

/** The API's message object (spec: Message). Internal fields (raw keys, account) stay inside. */
export function messageView(m: MessageRecord) {
  return {
    id: m.id,
    inbox_id: m.inbox_id,
    thread_id: m.thread_id,
    direction: m.direction,
    from: m.from,
    from_name: m.from_name,
    to: m.to,
    cc: m.cc,
    bcc: m.bcc,
    reply_to: m.reply_to ?? [],
    subject: m.subject,
    body_text: m.body_text,
    body_html: m.body_html,
    reply_body: m.reply_body,
    visible_text: m.visible_text ?? null,
    forwarded: m.forwarded ?? null,
    links: m.links,
    cta_links: m.cta_links,
    verification_codes: m.verification_codes,
    headers: m.headers,
    message_id_header: m.message_id_header,
    in_reply_to: m.in_reply_to,
    references: m.references,
    labels: m.labels,
    read: m.read,
    spam_score: m.spam_score,
    // Computed once at ingest and stored; messages stored before that get it from their stored
    // verdicts and headers (core/sender-trust.ts).
    authentication: messageAuthentication(m),
    security: m.security ?? null,
    envelope_from: m.envelope_from ?? null,
    received_at: m.received_at,
    created_at: m.created_at,
    consumed_at: m.consumed_at ?? null,
    attachments: m.attachments.map((a) => ({
      id: a.id, filename: a.filename, content_type: a.content_type, size: a.size, inline: a.inline,
      ...(a.content_id ? { content_id: a.content_id } : {}),
      download_url: `/v1/inboxes/${m.inbox_id}/messages/${m.id}/attachments/${a.id}`,
    })),
    ...(m.parse_error ? { parse_error: m.parse_error } : {}),
    ...(m.delivery_status ? { delivery_status: m.delivery_status } : {}),
  };
}

export function threadView(t: ThreadRecord) {
  return {
    id: t.id,
    inbox_id: t.inbox_id,
    subject: t.subject,
    participants: t.participants,
    labels: t.labels,
    message_count: t.message_count,
    unread_count: Math.max(0, t.unread_count),
    latest_message: t.latest_message,
    status: t.status,
    created_at: t.created_at,
    updated_at: t.updated_at,
    last_message_at: t.latest_message.received_at,
  };
}
