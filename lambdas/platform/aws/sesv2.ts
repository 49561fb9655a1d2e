import { awsRestJsonCall } from './fetch.ts';

/** One SES v2 call (signing name `ses`, host email.<region>; AWS_ENDPOINT_URL_SESV2 overrides). */
export const sesCall = <T>(method: string, path: string, body?: unknown) =>
  awsRestJsonCall<T>({ service: 'ses', envId: 'SESV2', host: 'email', method, path, body });
