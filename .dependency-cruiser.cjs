/**
 * The layers' boundaries, checked by `npm run deps` (part of `npm test`). Type-only imports count:
 * a type is a dependency on the module that owns it.
 *
 * The back end points one way (README, "Architecture"): handlers → lib/http and domain → data.
 * The domain may use the data layer (that is what it orchestrates) and plain helpers of lib/
 * (errors, config, budget, logger), but never the HTTP edge or a handler; the data layer knows
 * neither the domain nor HTTP. The contract module (`contract/`) sits below all of them.
 */
module.exports = {
  forbidden: [
    {
      name: 'data-not-to-domain',
      comment: 'The data layer answers records; what they mean to the product is the domain’s.',
      severity: 'error',
      from: { path: '^functions/data/' },
      to: { path: '^functions/domain/' },
    },
    {
      name: 'data-not-to-http',
      comment: 'The data layer knows nothing of requests: it throws plain data errors (data/errors.ts).',
      severity: 'error',
      from: { path: '^functions/data/' },
      to: { path: '^functions/(lib/http|handlers/|routes)' },
    },
    {
      name: 'domain-not-to-edge',
      comment: 'Domain code knows nothing of HTTP: no handler, no route table, no lib/http.',
      severity: 'error',
      from: { path: '^functions/domain/', pathNot: '\\.test\\.ts$' },
      to: { path: '^functions/(lib/http|handlers/|routes)' },
    },
    {
      name: 'contract-stands-alone',
      comment:
        'The contract (schemas, limits, messages, response types) is shared by the functions, the SPA ' +
        'and the embed; it may be imported by all of them and imports none of them.',
      severity: 'error',
      from: { path: '^contract/' },
      to: { path: '^(functions|frontend|embed|infra|bench|test|e2e|scripts)/' },
    },
    {
      name: 'embed-not-to-frontend',
      comment: 'The embed bundle is loaded on other sites: it must not pull in the SPA.',
      severity: 'error',
      from: { path: '^embed/' },
      to: { path: '^frontend/' },
    },
    {
      name: 'only-infra-to-infra',
      comment:
        'The CDK app and the local stack are tooling around the product, not part of it. The test ' +
        'harness, the benchmarks, the browser suite and the scripts run the local stack, so they may.',
      severity: 'error',
      from: { pathNot: '^(infra|test|bench|e2e|scripts)/' },
      to: { path: '^infra/' },
    },
    {
      name: 'no-feature-to-feature',
      comment:
        'A feature of the SPA is used through the app (routes, shared components, lib), never by ' +
        'another feature; what two features share belongs in components/ or lib/.',
      severity: 'error',
      from: { path: '^frontend/src/features/([^/]+)/' },
      to: { path: '^frontend/src/features/([^/]+)/', pathNot: '^frontend/src/features/$1/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|cdk\\.out|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
