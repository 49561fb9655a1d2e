import { httpHandler } from '../http/handler.ts';
import { replyToMessage, sendMessage } from '../services/outbound.ts';

export const handler = httpHandler('sending', { sendMessage, replyToMessage });
