import { httpHandler } from '../http/handler.ts';
import { addThreadLabel, getThread, listAccountThreads, listInboxThreads, removeThreadLabel, setThreadLabels } from '../usecases/mail-in/threads.ts';

export const handler = httpHandler('threads', { listInboxThreads, listAccountThreads, getThread, setThreadLabels, addThreadLabel, removeThreadLabel });
