import type { MiddlewareObj } from '@middy/core';
import { ForbiddenError } from '../lib/errors';
import { cameThroughCloudFront } from '../lib/origin';
import type { Event } from './request';

/** On AWS, refuses requests that did not come through CloudFront (see `cameThroughCloudFront`). */
export function throughCloudFront(): MiddlewareObj<Event> {
  return {
    before: (request) => {
      if (!cameThroughCloudFront(request.event.headers ?? {})) {
        throw new ForbiddenError('NOT_THROUGH_CLOUDFRONT');
      }
    },
  };
}
