/**
 * The plugin's layers, bottom to top, and the one-way rule between them (docs/design.md explains each).
 * `npm run lint` runs this over src/; a backward import fails CI. Tests (`__tests__`) may reach across layers
 * to set things up, so the rules look only at the code that ships.
 *
 *   lib/financing  <-  sandbox
 *   lib/financing  <-  config  <-  domain  <-  modules  <-  queries  <-  workflows  <-  api, subscribers, jobs
 *                                  domain  <-  providers (the payment provider sees no module, no workflow)
 *   Inside src/workflows, laid out as Medusa's core-flows (src/workflows/<area>/{workflows,steps,utils}): a step
 *   never imports a workflow, and an area never imports another area's workflows (src/workflows/common is shared).
 *   admin and storefront are browser bundles: admin may take types from domain and the contract's tables from
 *   lib/financing (framework-free), nothing else from the server.
 */

const TESTS = "(^|/)__tests__/"

/** Folders under src/ that a layer must not import, by layer. */
const FORBIDDEN = {
  "lib/financing": [
    "config",
    "domain",
    "modules",
    "queries",
    "workflows",
    "api",
    "subscribers",
    "jobs",
    "migration-scripts",
    "providers",
    "admin",
    "storefront",
    "sandbox",
  ],
  sandbox: [
    "config",
    "domain",
    "modules",
    "queries",
    "workflows",
    "api",
    "subscribers",
    "jobs",
    "migration-scripts",
    "providers",
    "admin",
    "storefront",
  ],
  config: [
    "domain",
    "modules",
    "queries",
    "workflows",
    "api",
    "subscribers",
    "jobs",
    "migration-scripts",
    "providers",
    "admin",
    "storefront",
    "sandbox",
  ],
  domain: [
    "modules",
    "queries",
    "workflows",
    "api",
    "subscribers",
    "jobs",
    "migration-scripts",
    "providers",
    "admin",
    "storefront",
    "sandbox",
  ],
  modules: [
    "queries",
    "workflows",
    "api",
    "subscribers",
    "jobs",
    "migration-scripts",
    "providers",
    "admin",
    "storefront",
    "sandbox",
  ],
  queries: [
    "workflows",
    "api",
    "subscribers",
    "jobs",
    "migration-scripts",
    "providers",
    "admin",
    "storefront",
    "sandbox",
  ],
  workflows: [
    "api",
    "subscribers",
    "jobs",
    "migration-scripts",
    "providers",
    "admin",
    "storefront",
    "sandbox",
  ],
  api: ["subscribers", "jobs", "migration-scripts", "providers", "admin", "storefront", "sandbox"],
  subscribers: ["api", "jobs", "migration-scripts", "providers", "admin", "storefront", "sandbox"],
  jobs: ["api", "subscribers", "migration-scripts", "providers", "admin", "storefront", "sandbox"],
  "migration-scripts": ["api", "subscribers", "jobs", "providers", "admin", "storefront", "sandbox"],
  providers: [
    "modules",
    "queries",
    "workflows",
    "api",
    "subscribers",
    "jobs",
    "migration-scripts",
    "admin",
    "storefront",
    "sandbox",
  ],
  storefront: [
    "lib",
    "config",
    "domain",
    "modules",
    "queries",
    "workflows",
    "api",
    "subscribers",
    "jobs",
    "migration-scripts",
    "providers",
    "admin",
    "sandbox",
  ],
}

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")

const layerRules = Object.entries(FORBIDDEN).map(([layer, below]) => ({
  name: `layers:${layer}`,
  comment: `src/${layer} must not import ${below.map((name) => `src/${name}`).join(", ")} (see docs/design.md)`,
  severity: "error",
  from: { path: `^src/${escapeRegExp(layer)}/`, pathNot: TESTS },
  to: { path: `^src/(${below.map(escapeRegExp).join("|")})/` },
}))

module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: "layers:admin",
      comment:
        "the admin bundle runs in the browser: from the server it may import types from src/domain, and the contract's own tables from src/lib/financing",
      severity: "error",
      from: { path: "^src/admin/", pathNot: TESTS },
      to: { path: "^src/(?!admin/|lib/financing/)", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "layers:admin-types",
      comment: "the admin bundle may import from src/domain (types) and src/lib/financing only",
      severity: "error",
      from: { path: "^src/admin/", pathNot: TESTS },
      to: { path: "^src/(?!admin/|domain/|lib/financing/)" },
    },
    {
      name: "layers:lib-framework-free",
      comment: "src/lib/financing and src/sandbox know nothing of Medusa: they are usable outside a store",
      severity: "error",
      from: { path: "^src/(lib/financing|sandbox)/", pathNot: TESTS },
      to: { path: "@medusajs/" },
    },
    {
      name: "workflows:steps-import-no-workflow",
      comment:
        "a step is one unit of work a workflow composes: it never imports a workflow (compose it, or use runAsStep in a workflow)",
      severity: "error",
      from: {
        path: "^src/workflows/[^/]+/steps/",
        pathNot: TESTS,
      },
      to: { path: "^src/workflows/[^/]+/workflows/" },
    },
    {
      name: "workflows:areas",
      comment:
        "an area (checkout, post-sale, merchant) never imports another area's workflows; what several areas use is in src/workflows/common",
      severity: "error",
      from: { path: "^src/workflows/([^/]+)/", pathNot: TESTS },
      to: { path: "^src/workflows/[^/]+/workflows/", pathNot: "^src/workflows/$1/workflows/" },
    },
    {
      name: "no-cycles",
      comment:
        "a cycle means two files are one unit in disguise (the ledger's two models refer to each other by design)",
      severity: "error",
      from: { path: "^src/", pathNot: [TESTS, "^src/modules/retail-financing/models/"] },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|\\.medusa)/" },
    // Type-only imports count: a type from a higher layer is still a backward dependency.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"] },
  },
}
