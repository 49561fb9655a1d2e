/**
 * view_url: the inbox page for a person, carrying the inbox's view token (core/view-tokens.ts),
 * never a key. A module of its own: only the functions that answer view_url load the link secret.
 */
import { linkSigningSecret } from '../platform/aws/secrets.ts';
import { viewToken } from './view-tokens.ts';
import { config } from '../platform/config.ts';
import type { InboxRecord } from './inboxes.entities.ts';
import { bumpViewTokenVersion } from '../accounts/credentials.store.ts';
import { notFound } from '../platform/errors.ts';

export async function viewUrl(inbox: Pick<InboxRecord, 'id' | 'view_token_version'>): Promise<string> {
  const token = viewToken(await linkSigningSecret(), inbox.id, inbox.view_token_version ?? 0);
  return `${config.siteUrl}/inbox/${encodeURIComponent(inbox.id)}?token=${token}`;
}

/** A new view link for the inbox; every earlier one stops opening the page at once. */
export async function reissueViewUrl(inbox: InboxRecord): Promise<{ inbox: InboxRecord; viewUrl: string }> {
  const updated = await bumpViewTokenVersion(inbox.id);
  if (!updated) throw notFound('INBOX_NOT_FOUND', `Inbox ${inbox.id} was deleted.`);
  return { inbox: updated, viewUrl: await viewUrl(updated) };
}
