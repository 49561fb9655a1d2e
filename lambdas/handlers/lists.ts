import { httpHandler } from '../http/handler.ts';
import { createListEntry, deleteListEntry, listListEntries } from '../usecases/mail-in/sender-lists.ts';

export const handler = httpHandler('lists', { createListEntry, listListEntries, deleteListEntry });
