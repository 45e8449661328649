import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { apiMessage } from '../../contract/error-codes';
import { appErrorOf } from '../domain/shared/data-errors';
import { AppError } from '../lib/errors';
import { logger } from '../lib/logger';
import type { SecurityEvent } from '../lib/security-log';
import { securityLog } from '../lib/security-log';
import type { Event } from './request';
import { json } from './respond';
import { REFUSALS, requestFields } from './security-events';

/**
 * Whether DynamoDB refused a request as invalid (an attribute or key too large, an empty key):
 * input the schemas should have caught, so a 400, never a 500. A transaction reports it as a
 * cancellation whose reasons include `ValidationError`.
 */
function isDynamoValidationError(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'ValidationException') return true;
  if (name !== 'TransactionCanceledException') return false;
  const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
  return reasons.some((r) => r.Code === 'ValidationError');
}

/**
 * The one error handler: typed domain errors become the contract's status and body, anything else
 * is logged once and answered as a 500 with no internals. A failed security event and every
 * refusal (401, 403, 429) also write a security log line.
 */
export function errorHandler(
  security: SecurityEvent | undefined,
): MiddlewareObj<Event, APIGatewayProxyStructuredResultV2> {
  return {
    onError: (request) => {
      const error =
        request.error instanceof AppError ? request.error : (appErrorOf(request.error) ?? request.error);
      const route = request.event.routeKey;
      if (error instanceof AppError) {
        const refusal = REFUSALS[error.status];
        if (security || refusal) {
          const fields = requestFields(request.event);
          securityLog({
            event: security ?? (refusal as SecurityEvent),
            outcome: 'failure',
            status: error.status,
            code: error.code,
            ...fields,
            userId: fields.userId ?? error.userId,
          });
        }
        if (error.status >= 500) logger.error('request failed', { route, code: error.code });
        else if (!refusal) logger.info('request refused', { route, status: error.status, code: error.code });
        const response = json(error.status, {
          errors: [
            {
              msg: error.message,
              code: error.code,
              ...(error.param ? { param: error.param } : {}),
              ...(error.values ? { values: error.values } : {}),
            },
            ...(error.more ?? []).map((more) => ({
              msg: apiMessage(more.code, more.values),
              code: more.code,
              ...(more.param ? { param: more.param } : {}),
              ...(more.values ? { values: more.values } : {}),
            })),
          ],
        });
        if (error.retryAfterSeconds !== undefined) {
          response.headers = { ...response.headers, 'retry-after': String(error.retryAfterSeconds) };
        }
        request.response = response;
        return;
      }
      if (isDynamoValidationError(error)) {
        // A limit the schemas missed: the input is refused, and the log says which route lets it through.
        logger.warn('input refused by DynamoDB', { route, error: (error as Error).message });
        request.response = json(400, {
          errors: [{ msg: apiMessage('INVALID_INPUT'), code: 'INVALID_INPUT' }],
        });
        return;
      }
      logger.error('unexpected error', {
        route,
        error:
          error instanceof Error
            ? { name: error.name, message: error.message, stack: error.stack }
            : String(error),
      });
      request.response = json(500, {
        errors: [{ msg: apiMessage('INTERNAL_ERROR'), code: 'INTERNAL_ERROR' }],
      });
    },
  };
}
