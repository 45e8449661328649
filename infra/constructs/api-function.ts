import { join } from 'node:path';
import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat, SourceMapMode } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IEmailIdentity } from 'aws-cdk-lib/aws-ses';
import { Construct, type IConstruct } from 'constructs';
import type { BuildOptions } from 'esbuild';
import { FONT_PACKAGES, FONTS_DIR } from '../../functions/domain/billing/invoices/pdf/font-files';
import type { FileAccess } from '../../functions/lib/buckets';
import {
  DEFAULT_MEMORY_MB,
  DEFAULT_TIMEOUT_SECONDS,
  type FunctionDefinition,
  needsJwtSecret,
} from '../../functions/routes';
import { BUNDLE_ALIASES } from '../bundle-stubs/aliases';
import type { Files } from './files';
import { grantRole, type RoleGrants } from './grants';

export type { RoleGrants };

/** The invoice PDF's fonts, copied beside the bundle of a function whose entry says `pdfFonts`. */
export const PDF_FONT_ASSETS = { dir: FONTS_DIR, packages: Object.values(FONT_PACKAGES) };

/**
 * Acknowledges cdk-nag findings on a construct and everything under it, each with its reason
 * (cdk-nag 3 reads CDK's own acknowledgements; the reasons land in the validation report).
 */
export function acknowledge(scope: IConstruct, rules: { id: string; reason: string }[]): void {
  Validations.of(scope).acknowledge(...rules);
}

export const ROOT = join(import.meta.dirname, '..', '..');

/**
 * How every function is bundled. `bench/bundles.ts` builds with exactly these options to measure
 * what Lambda will load, so the two can never drift apart.
 *
 * ESM, because middy 6 ships ESM only and the AWS SDK's ES builds (`module` field first) tree-shake
 * best. The banner gives bundled CommonJS dependencies (papaparse) a working `require` for Node
 * built-ins. The AWS SDK v3 is left out of the bundle and taken from the Node.js 22 runtime (CDK's
 * own default): bundled, the smallest DynamoDB client alone costs ~334 KB minified even after
 * tree-shaking, which puts every function over the 250 KB budget and slows cold starts. The price is
 * that the runtime's SDK minor version is not the one pinned in package-lock.json; the code uses only
 * long-stable v3 commands (DynamoDB, SES v1, Secrets Manager), so that drift is acceptable.
 */
export const BUNDLING = {
  minify: true,
  sourceMap: true,
  target: 'node22',
  platform: 'node',
  format: 'esm',
  mainFields: ['module', 'main'],
  banner: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);",
  externalModules: ['@aws-sdk/*'] as string[],
} as const;

/**
 * `BUNDLING` as esbuild options, for the builds outside CDK (the bundle benchmark, the local stack
 * and tests on the built bundles): what `NodejsFunction` passes to esbuild, `sourcesContent: false`
 * included.
 */
export function esbuildOptions(): BuildOptions {
  return {
    bundle: true,
    minify: BUNDLING.minify,
    sourcemap: BUNDLING.sourceMap,
    sourcesContent: false,
    platform: BUNDLING.platform,
    target: BUNDLING.target,
    format: BUNDLING.format,
    mainFields: [...BUNDLING.mainFields],
    banner: { js: BUNDLING.banner },
    external: [...BUNDLING.externalModules],
    alias: { ...BUNDLE_ALIASES },
    absWorkingDir: ROOT,
    logLevel: 'silent',
  };
}

/** What every function's environment holds besides its configuration (`functionEnvironment`). */
export function lambdaEnvironment(configuration: Record<string, string>): Record<string, string> {
  // Stack traces through the bundled source maps (the bundle is minified).
  return { ...configuration, NODE_OPTIONS: '--enable-source-maps' };
}

/** The source file of a handler module named in the route table. */
export const handlerEntry = (handler: string) => join(ROOT, 'functions', 'handlers', `${handler}.ts`);

export interface ApiFunctionProps {
  /** Module under `functions/handlers/` exporting `handler`. */
  handler: string;
  /** Exactly the variables `functions/lib/config.ts` reads. */
  environment: Record<string, string>;
  table: ITable;
  /** Least privilege: read-only routes cannot write the table. */
  tableAccess: 'read' | 'readwrite';
  /**
   * The function accepts API tokens, so it records their last use: a read-only function may then
   * update exactly one attribute, `lastUsedAt` (`data/identity/api-tokens.ts`), and nothing else.
   */
  recordsApiTokenUse?: boolean;
  /** Granted only where a session token is signed or verified. */
  jwtSecret?: ISecret;
  /** Granted only to functions that send mail. */
  emailIdentity?: IEmailIdentity;
  /** Granted only to functions whose entry names what they do with files (`needs.files`). */
  files?: { construct: Files; access: readonly FileAccess[] };
  memorySize?: number;
  timeout?: Duration;
  /** Reserved (and so capped) concurrency; none: the account's unreserved pool. */
  reservedConcurrency?: number;
  logRetention?: RetentionDays;
  /** The log group the function writes to when it shares one (see `SharedFunctionProps.logGroup`). */
  logGroup?: LogGroup;
  /** Files from `node_modules` copied beside the bundle, into `<dir>/` of the asset (the PDF's fonts). */
  assetFiles?: { dir: string; packages: readonly string[] };
  /**
   * A role shared by the functions with the same grants, which already holds them (see
   * `FunctionRoles`); without it the function gets a role of its own with the grants above.
   */
  role?: iam.Role;
}

/** The shell commands that copy `files` into a bundle's output directory (after esbuild ran). */
export function copyAssetCommands(
  files: ApiFunctionProps['assetFiles'],
  inputDir: string,
  outputDir: string,
) {
  if (!files) return [];
  return [
    `mkdir -p "${outputDir}/${files.dir}"`,
    ...files.packages.map((p) => `cp "${inputDir}/node_modules/${p}" "${outputDir}/${files.dir}/"`),
  ];
}

/**
 * One Lambda function of Timeledger with the defaults every function shares: Node.js 22 on arm64,
 * esbuild-minified with source maps, the shared log group (or one of its own) with a retention, a
 * role with only the grants its props name (no managed policies): the shared role of its grants, or its own.
 */
export class ApiFunction extends Construct {
  readonly function: NodejsFunction;
  readonly logGroup: LogGroup;
  readonly role: iam.Role;

  constructor(scope: Construct, id: string, props: ApiFunctionProps) {
    super(scope, id);
    this.logGroup =
      props.logGroup ??
      new LogGroup(this, 'Logs', {
        retention: props.logRetention ?? RetentionDays.ONE_MONTH,
        // Logs are diagnostics, not user data: they go with the stack.
        removalPolicy: RemovalPolicy.DESTROY,
      });
    // An explicit role instead of AWSLambdaBasicExecutionRole: writing to its own log group only.
    this.role =
      props.role ??
      new iam.Role(this, 'Role', { assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com') });
    this.logGroup.grantWrite(this.role);

    this.function = new NodejsFunction(this, 'Function', {
      entry: handlerEntry(props.handler),
      handler: 'handler',
      projectRoot: ROOT,
      depsLockFilePath: join(ROOT, 'package-lock.json'),
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? DEFAULT_MEMORY_MB,
      timeout: props.timeout ?? Duration.seconds(DEFAULT_TIMEOUT_SECONDS),
      ...(props.reservedConcurrency ? { reservedConcurrentExecutions: props.reservedConcurrency } : {}),
      role: this.role,
      logGroup: this.logGroup,
      environment: lambdaEnvironment(props.environment),
      bundling: {
        minify: BUNDLING.minify,
        sourceMap: BUNDLING.sourceMap,
        sourceMapMode: SourceMapMode.DEFAULT,
        sourcesContent: false,
        target: BUNDLING.target,
        format: OutputFormat.ESM,
        mainFields: [...BUNDLING.mainFields],
        banner: BUNDLING.banner,
        externalModules: BUNDLING.externalModules,
        esbuildArgs: Object.fromEntries(
          Object.entries(BUNDLE_ALIASES).map(([name, path]) => [`--alias:${name}`, path]),
        ),
        ...(props.assetFiles
          ? {
              commandHooks: {
                beforeBundling: () => [],
                beforeInstall: () => [],
                afterBundling: (inputDir: string, outputDir: string) =>
                  copyAssetCommands(props.assetFiles, inputDir, outputDir),
              },
            }
          : {}),
      },
    });

    if (!props.role) this.grantOwnRole(props);
    acknowledge(this.function, [
      {
        id: 'AwsSolutions-L1',
        reason:
          'The contract fixes Node.js 22 for the functions; the local stack and tests run the same major.',
      },
    ]);
  }

  /** The grants of a role of the function's own. */
  private grantOwnRole(props: ApiFunctionProps) {
    const grants: RoleGrants = {
      tableAccess: props.tableAccess,
      jwtSecret: props.jwtSecret !== undefined,
      email: props.emailIdentity !== undefined,
      recordsApiTokenUse: props.recordsApiTokenUse === true,
      files: props.files?.access ?? [],
    };
    grantRole(this.role, grants, { ...props, files: props.files?.construct });
  }
}

/** What every function of the stack shares: its settings, the table, and the grants it may get. */
export interface SharedFunctionProps {
  environment: Record<string, string>;
  table: ITable;
  jwtSecret: ISecret;
  emailIdentity: IEmailIdentity;
  logRetention: RetentionDays;
  /**
   * One log group for the functions' logs instead of one each (Lambda's advanced logging: each log
   * stream is named after its function, and every line carries `functionName`): 80 resources fewer,
   * which keeps the stack far from CloudFormation's 500.
   */
  logGroup?: LogGroup;
  /** The buckets of files, granted by intent to the functions that name them. */
  files?: Files;
  /** The roles shared by the functions with the same grants (`FunctionRoles`). */
  roles?: { roleFor: (grants: RoleGrants) => iam.Role };
  /** Reserved concurrency of each function that hashes passwords (`needs.hashesPasswords`); 0: none. */
  signInConcurrency?: number;
}

/**
 * The function of a route-table entry (a route or a job), granted and sized from the entry alone:
 * its table access, the JWT secret when it verifies or signs tokens, SES when it sends mail, and
 * its memory and timeout. Its construct id is the handler in PascalCase (stable logical ids).
 */
export function functionOf(
  scope: Construct,
  fn: FunctionDefinition & { auth?: boolean; acceptsApiTokens?: boolean },
  shared: SharedFunctionProps,
) {
  const { needs } = fn;
  const grants: RoleGrants = {
    tableAccess: fn.access,
    jwtSecret: needsJwtSecret(fn),
    email: needs.sendsEmail === true,
    recordsApiTokenUse: fn.access === 'read' && fn.acceptsApiTokens === true,
    files: needs.files ?? [],
  };
  return new ApiFunction(scope, pascal(fn.handler), {
    handler: fn.handler,
    environment: shared.environment,
    table: shared.table,
    tableAccess: fn.access,
    ...(fn.acceptsApiTokens ? { recordsApiTokenUse: true } : {}),
    ...(needsJwtSecret(fn) ? { jwtSecret: shared.jwtSecret } : {}),
    ...(needs.sendsEmail ? { emailIdentity: shared.emailIdentity } : {}),
    ...(needs.files?.length && shared.files
      ? { files: { construct: shared.files, access: needs.files } }
      : {}),
    ...(needs.memoryMb ? { memorySize: needs.memoryMb } : {}),
    ...(needs.timeoutSeconds ? { timeout: Duration.seconds(needs.timeoutSeconds) } : {}),
    // Sign-ins hash (scrypt): a flood of them is capped at their own reserved concurrency and
    // throttled there, so it cannot take the account's Lambda
    // concurrency from every other route — and a reserve keeps sign-in possible when others flood.
    ...(needs.hashesPasswords && shared.signInConcurrency
      ? { reservedConcurrency: shared.signInConcurrency }
      : {}),
    ...(needs.pdfFonts ? { assetFiles: PDF_FONT_ASSETS } : {}),
    logRetention: shared.logRetention,
    ...(shared.logGroup ? { logGroup: shared.logGroup } : {}),
    ...(shared.roles ? { role: shared.roles.roleFor(grants) } : {}),
  });
}

/** `get-current-user` → `GetCurrentUser`: the construct id of a handler's function (stable, readable logical ids). */
export function pascal(kebab: string): string {
  return kebab
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}
