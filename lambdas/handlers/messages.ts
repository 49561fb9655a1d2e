import { httpHandler } from '../http/handler.ts';
import { getAttachment, getMessage, getThreadAttachment, listMessages, listRejections, updateMessage } from '../usecases/mail-in/messages.ts';

export const handler = httpHandler('messages', { listMessages, getMessage, updateMessage, getAttachment, getThreadAttachment, listRejections });
