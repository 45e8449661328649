// Renamed: every bundle's banner (`BUNDLING` in infra/constructs/api-function.ts) declares
// `createRequire` itself, and an unminified bundle keeps the name.
import { createRequire as requireFrom } from 'node:module';

/**
 * `require` for the AWS SDK client packages a function loads besides DynamoDB's (Secrets Manager,
 * SES); their types come from `import type`. The packages are CommonJS: Node's `import` of a
 * CommonJS file compiles it once to tell its format and lexes it for its export names before it
 * compiles it again to run it, where `require` compiles it once — for these two packages about
 * two thirds less load time on every cold start.
 */
export const requireSdk = requireFrom(import.meta.url);
