import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { clientAddress } from '../lib/address';
import { type SecurityEvent, securityLog } from '../lib/security-log';
import type { Event } from './request';

export const REFUSALS: Record<number, SecurityEvent> = {
  401: 'unauthorized',
  403: 'forbidden',
  429: 'rate_limited',
};

/** The request's fields of a security log line: who, from where, which request and route. */
export function requestFields(event: Event) {
  return {
    userId: event.audit?.userId ?? event.auth?.user._id,
    ...(event.audit?.everywhere !== undefined ? { everywhere: event.audit.everywhere } : {}),
    requestId: event.requestContext?.requestId,
    route: event.routeKey,
    sourceIp: clientAddress(event.headers ?? {}, event.requestContext?.http?.sourceIp ?? 'unknown'),
  };
}

/**
 * Writes the success line of a route that is a security event. Runs after the handler (middy's
 * `after`), so the user and the handler's audit fields are known.
 */
export function securityEvents(
  name: SecurityEvent | undefined,
): MiddlewareObj<Event, APIGatewayProxyStructuredResultV2> {
  return {
    after: (request) => {
      if (!name) return;
      securityLog({
        event: name,
        outcome: 'success',
        status: request.response?.statusCode ?? 200,
        ...requestFields(request.event),
      });
    },
  };
}
