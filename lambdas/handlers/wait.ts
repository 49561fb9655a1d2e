import { httpHandler } from '../http/handler.ts';
import { waitForMessageOperation } from '../services/wait.ts';

export const handler = httpHandler('wait', { waitForMessage: waitForMessageOperation });
