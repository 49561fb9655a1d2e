import { httpHandler } from '../http/handler.ts';
import { createInbox, deleteInbox, getInbox, listInboxes, updateInbox } from '../usecases/accounts/inboxes.ts';

export const handler = httpHandler('inboxes', { createInbox, listInboxes, getInbox, updateInbox, deleteInbox });
