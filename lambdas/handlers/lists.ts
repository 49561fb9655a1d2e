import { httpHandler } from '../http/handler.ts';
import { createListEntry, deleteListEntry, listListEntries } from '../services/lists.ts';

export const handler = httpHandler('lists', { createListEntry, listListEntries, deleteListEntry });
