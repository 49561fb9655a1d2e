import { httpHandler } from '../http/handler.ts';
import { waitForMessageOperation } from '../usecases/mail-in/wait.ts';

export const handler = httpHandler('wait', { waitForMessage: waitForMessageOperation });
