import * as z from 'zod/mini';
import { components } from '../platform/http/common.schemas.ts';
import { PageFields, Timestamp } from '../platform/http/common.responses.ts';
import { Message } from './messages.responses.ts';

export const Thread = z.object({
  id: z.string(),
  inbox_id: z.string(),
  subject: z.string(),
  participants: z.array(z.string()),
  labels: z.array(z.string()),
  message_count: z.number().check(z.int()),
  unread_count: z.number().check(z.int()),
  latest_message: z.object({ id: z.string(), from_address: z.string(), preview: z.string(), received_at: Timestamp }),
  status: z.enum(['active', 'archived']),
  created_at: Timestamp,
  updated_at: Timestamp,
  last_message_at: Timestamp.check(z.describe('Alias of latest_message.received_at')),
}).register(components, { id: 'Thread' });

export const ThreadList = z.object({
  threads: z.array(Thread),
  ...PageFields,
}).register(components, { id: 'ThreadList' });

export const ThreadDetail = z.extend(Thread, { messages: z.array(Message) }).register(components, { id: 'ThreadWithMessages' });
export const ThreadWithMessages = z.object({ thread: ThreadDetail }).register(components, { id: 'ThreadWithMessagesResult' });
export const ThreadResult = z.object({ thread: Thread }).register(components, { id: 'ThreadResult' });
