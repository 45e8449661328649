import * as z from 'zod/mini';
import { API_ERROR_CODES, type ApiErrorCode } from './error-codes';
import { lazy } from './lazy';

/** Every error code of `error-codes.ts`: the document lists them, so a client knows each it may meet. */
export const errorCode = /* @__PURE__ */ lazy(() =>
  z.enum(API_ERROR_CODES as [ApiErrorCode, ...ApiErrorCode[]]),
);
/** What a code's message was filled with (`{{max}}`, `{{field}}`, …), for a client's own words. */
export const messageValues = /* @__PURE__ */ lazy(() =>
  z.record(z.string(), z.union([z.string(), z.number()])),
);
