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

/** @type {import("jest").Config} */
module.exports = {
  reporters: ["default", "<rootDir>/test/summary-reporter.js"],
  projects: [
    {
      ...shared,
      displayName: "unit",
      testMatch: ["<rootDir>/src/**/__tests__/**/*.spec.ts", "<rootDir>/test/**/*.spec.ts"],
    },
    {
      ...shared,
      displayName: "integration",
      testMatch: ["<rootDir>/integration-tests/**/*.spec.ts"],
      setupFiles: ["<rootDir>/integration-tests/setup.js"],
    },
  ],
}
