import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { AuthMode, RouteDef } from './route.ts';
import type { Caller } from '../caller.ts';

/** For inbox keys, `inbox` is their inbox; for account keys on an `{id}` route, the inbox addressed. */
export interface Principal extends Caller {
  /** The presented key: a rotation revokes exactly this key. */
  key: string;
}

/** An account key's principal. */
export type AccountPrincipal = Principal & { kind: 'account' };
/** A principal that addresses one inbox (the inbox key's own, or the account key's inbox of the `{id}` route). */
export type InboxPrincipal = Principal & { inbox: NonNullable<Principal['inbox']> };

/**
 * The principal a route's auth mode lets through (requireAuth in lambdas/api/middlewares.ts
 * enforces it before any operation runs): none → no principal, optional-account → an account key
 * or nobody, account → an account key, inbox → that inbox's key, inbox-or-account → the inbox
 * addressed, whichever key, any → any valid key.
 */
export type PrincipalOf<A extends AuthMode> =
  A extends 'none' ? undefined
    : A extends 'optional-account' ? AccountPrincipal | undefined
      : A extends 'account' ? AccountPrincipal
        : A extends 'inbox' ? InboxPrincipal & { kind: 'inbox' }
          : A extends 'inbox-or-account' ? InboxPrincipal
            : Principal;

export interface RateLimitState { limit: number; remaining: number; reset: number; window: number }

/**
 * Everything a middleware learns about a request, handed to the operation. `A` is the auth mode of
 * the operation's route, which types the principal; the pipeline's own state, before requireAuth
 * has run, is the default (any mode: a principal or none).
 */
export interface HttpRequest<A extends AuthMode = AuthMode, B = any, Q = any, P = any> {
  route: RouteDef;
  requestId: string;
  sourceIp: string;
  params: P;
  query: Q;
  body: B;
  rawBody: string | undefined;
  /** The body's bytes as received (rawBody is them read as UTF-8). */
  rawBytes?: Buffer;
  headers: Record<string, string | undefined>;
  principal: PrincipalOf<A>;
  authError?: Error;
  rateLimit?: RateLimitState;
  /** This request already counted in its account's rate window (beside the key lookup). */
  rateCounted?: { subject: string; windowStart: number; count: number };
}

export interface OperationResult {
  status?: number;
  result?: unknown;
  nextSteps?: string[];
  headers?: Record<string, string>;
  /** A non-envelope body (openapi.json, llms.txt). */
  raw?: { body: string; contentType: string };
}

/** What answers one route: its request carries the principal the route's auth mode `A` lets through. */
export type Operation<A extends AuthMode = AuthMode> = (req: HttpRequest<A>) => Promise<OperationResult>;

/** The operations of a set of routes: one per operationId, each typed with its route's principal. */
export type OperationsOf<R extends Pick<RouteDef, 'operationId' | 'auth'>> = { [Row in R as Row['operationId']]: Operation<Row['auth']> };

export type HttpEvent = APIGatewayProxyEventV2;
export type HttpResponse = APIGatewayProxyStructuredResultV2;
export interface HttpContext extends Context { mailroom?: HttpRequest }
