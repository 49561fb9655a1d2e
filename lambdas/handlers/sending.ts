import { httpHandler } from '../http/handler.ts';
import { replyToMessage, sendMessage } from '../usecases/mail-out/send-and-reply.ts';

export const handler = httpHandler('sending', { sendMessage, replyToMessage });
