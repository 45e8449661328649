/**
 * The layers' boundaries, checked by `npm run deps` (part of `npm test`). Type-only imports count:
 * a type is a dependency on the module that owns it.
 *
 * The back end points one way (docs/architecture.md): handlers → http (the edge) and domain → data.
 * The domain may use the data layer (that is what it orchestrates) and plain helpers of lib/
 * (errors, config, budget, logger), but never the HTTP edge or a handler; the data layer knows
 * neither the domain nor HTTP. The contract module (`contract/`) sits below all of them.
 */
/** A boundary: no module under `from` may import one under `to`. */
const forbid = (name, comment, from, to) => ({ name, comment, severity: 'error', from, to });

/**
 * One rule per area of a layer: an area may import the areas listed before it, never one after it
 * (no arrow back up between rooms).
 */
const areaRules = (layer, order, what) =>
  order
    .slice(0, -1)
    .map((area, i) =>
      forbid(
        `${layer}-${area}-not-up`,
        `functions/${layer}/${area}/ holds ${what[area]}; it may import ${order.slice(0, i).join(', ') || 'no other area'} of ${layer}/, never ${order.slice(i + 1).join(', ')}.`,
        { path: `^functions/${layer}/${area}/`, pathNot: '\\.test\\.ts$' },
        { path: `^functions/${layer}/(${order.slice(i + 1).join('|')})/` },
      ),
    );

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'No module imports, through any chain, one that imports it back: a circle has no bottom to ' +
        'read or test first. Shared types go in a module of their own (data/tracking/activity-types.ts).',
      severity: 'error',
      from: { path: '^(contract|functions|frontend/src|embed/src|infra)/' },
      to: { circular: true },
    },
    forbid(
      'lib-imports-nothing-above',
      'functions/lib/ holds the plain helpers every layer may use (errors, config, logger, jwt, ' +
        'budget); it imports the contract and itself, never the data layer, the domain, the edge, ' +
        'a handler or the route table.',
      { path: '^functions/lib/', pathNot: '\\.test\\.ts$' },
      { path: '^functions/(data|domain|http|handlers|openapi|routes)' },
    ),
    forbid(
      'data-not-to-domain',
      'The data layer answers records; what they mean to the product is the domain’s.',
      { path: '^functions/data/' },
      { path: '^functions/domain/' },
    ),
    forbid(
      'data-not-to-http',
      'The data layer knows nothing of requests: it throws plain data errors (data/core/errors.ts).',
      { path: '^functions/data/' },
      { path: '^functions/(http/|handlers/|routes)' },
    ),
    forbid(
      'domain-not-to-edge',
      'Domain code knows nothing of HTTP: no handler, no route table, no functions/http/.',
      { path: '^functions/domain/', pathNot: '\\.test\\.ts$' },
      { path: '^functions/(http/|handlers/|routes)' },
    ),
    // Areas (functions/data/README.md, functions/domain/README.md): each layer's areas are stacked,
    // and an area imports only the ones below it. data: core < identity < tracking < billing;
    // domain: shared < identity < tracking < billing < account.
    ...areaRules('data', ['core', 'identity', 'tracking', 'billing'], {
      core: 'keys, the client, transactions, retries, batches: what every entity module stands on',
      identity: 'the account, its sessions, tokens, second factor and vouchers',
      tracking: 'projects, entries, the timer, rollups and the tag index',
      billing: 'clients, invoices and their documents, budget alerts',
    }),
    ...areaRules('domain', ['shared', 'identity', 'tracking', 'billing', 'account'], {
      shared: 'mail, links, dates and the data errors every area uses',
      identity: 'sign-up, sign-in, passwords, sessions, second factor, API tokens, vouchers',
      tracking: 'projects, entries, the timer, timesheet, charts, CSV, the API shapes of entries',
      billing: 'clients, reports, invoices, budgets alerts, e-invoices',
      account: 'what spans every area: export, deletion, the demo account',
    }),
    forbid(
      'contract-stands-alone',
      'The contract (schemas, limits, messages, response types) is shared by the functions, the SPA ' +
        'and the embed; it may be imported by all of them and imports none of them.',
      { path: '^contract/' },
      { path: '^(functions|frontend|embed|infra|bench|test|e2e|scripts)/' },
    ),
    forbid(
      'embed-not-to-frontend',
      'The embed bundle is loaded on other sites: it must not pull in the SPA.',
      { path: '^embed/' },
      { path: '^frontend/' },
    ),
    forbid(
      'only-infra-to-infra',
      'The CDK app and the local stack are tooling around the product, not part of it. The test ' +
        'harness, the benchmarks, the browser suite and the scripts run the local stack, so they may.',
      { pathNot: '^(infra|test|bench|e2e|scripts)/' },
      { path: '^infra/' },
    ),
    forbid(
      'no-feature-to-feature',
      'A feature of the SPA is used through the app (routes, shared components, lib), never by ' +
        'another feature; what two features share belongs in components/ or lib/.',
      { path: '^frontend/src/features/([^/]+)/' },
      { path: '^frontend/src/features/([^/]+)/', pathNot: '^frontend/src/features/$1/' },
    ),
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
