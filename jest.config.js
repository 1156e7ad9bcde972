const { loadEnv } = require("@medusajs/framework/utils")

// Values already in the environment win, so CI can point the integration suite at another database.
loadEnv("test", process.cwd())

const transform = {
  "^.+\\.[jt]s$": [
    "@swc/jest",
    {
      jsc: {
        parser: { syntax: "typescript", decorators: true },
        transform: { legacyDecorator: true, decoratorMetadata: true },
        target: "es2022",
      },
    },
  ],
}

const shared = {
  rootDir: __dirname,
  testEnvironment: "node",
  transform,
  moduleFileExtensions: ["js", "ts", "json"],
  // Built output mirrors src; without this, jest's module map sees every file twice.
  modulePathIgnorePatterns: ["<rootDir>/.medusa/", "<rootDir>/dist/"],
}

// Browser tests drive a real Chromium (Debian's, see .ci/run): under src/**/__tests__/browser/ and in
// integration-tests/browser/. They are the browser project's alone, so the unit project runs on a machine
// without a browser and the integration project's HTTP specs stay quick to run one at a time.
const BROWSER_UNIT_TESTS = "<rootDir>/src/**/__tests__/browser/**/*.spec.ts"
const BROWSER_APP_TESTS = "<rootDir>/integration-tests/browser/**/*.spec.ts"

// The fault-test helpers' own specs need no database and no Medusa: unit tests, beside the helpers they test.
const HELPER_UNIT_TESTS = "<rootDir>/integration-tests/helpers/__tests__/**/*.spec.ts"

const integrationSetup = {
  // Clears MikroORM's entities between spec files and gives Medusa's boot its timeout.
  setupFiles: ["<rootDir>/integration-tests/setup.js"],
}

/** @type {import("jest").Config} */
module.exports = {
  reporters: ["default", "<rootDir>/test/summary-reporter.js"],
  projects: [
    {
      ...shared,
      displayName: "unit",
      testMatch: [
        "<rootDir>/src/**/__tests__/**/*.spec.ts",
        "<rootDir>/test/**/*.spec.ts",
        HELPER_UNIT_TESTS,
      ],
      testPathIgnorePatterns: ["/node_modules/", "<rootDir>/src/.*/__tests__/browser/"],
      // A unit spec that reaches for a browser fails at once, saying where browser tests belong.
      moduleNameMapper: { "^playwright-core$": "<rootDir>/test/unit-tests-have-no-browser.js" },
    },
    {
      ...shared,
      ...integrationSetup,
      displayName: "integration",
      testMatch: ["<rootDir>/integration-tests/**/*.spec.ts"],
      testPathIgnorePatterns: [
        "/node_modules/",
        "<rootDir>/integration-tests/browser/",
        "<rootDir>/integration-tests/helpers/__tests__/",
      ],
    },
    {
      ...shared,
      ...integrationSetup,
      displayName: "browser",
      testMatch: [BROWSER_UNIT_TESTS, BROWSER_APP_TESTS],
    },
  ],
}
