import js from "@eslint/js"
import tseslint from "typescript-eslint"

// Declared by hand: the `globals` package is not a dependency of this project.
const nodeCommonJs = {
  require: "readonly",
  module: "writable",
  exports: "writable",
  __dirname: "readonly",
  __filename: "readonly",
  process: "readonly",
  console: "readonly",
}

const testFiles = ["src/**/__tests__/**/*.ts", "test/**/*.ts", "integration-tests/**/*.ts"]

export default tseslint.config(
  // The DTC starter's files are checked in the starter, with its own tsconfig and aliases
  // (integration-tests/install/dtc-starter-backend.spec.ts).
  { ignores: ["node_modules/", ".medusa/", "coverage/", "dist/", "examples/dtc-starter/storefront/"] },

  js.configs.recommended,
  tseslint.configs.recommended,

  {
    rules: {
      // Underscore marks a parameter an interface requires but this implementation does not use.
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" },
      ],
    },
  },

  // Type-aware rules need the file in tsconfig.json, which leaves tests out so the build does not ship them.
  {
    files: ["src/**/*.ts", "src/**/*.tsx"],
    ignores: [...testFiles, "src/admin/**"],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
      "@typescript-eslint/await-thenable": "error",
      // Provider methods and route handlers must return promises whether or not they await anything.
      "@typescript-eslint/require-await": "off",
    },
  },

  // Server code logs through Medusa's logger, which honours LOG_LEVEL and never prints a raw request body.
  {
    files: ["src/**/*.ts", "src/**/*.tsx"],
    rules: { "no-console": "error" },
  },

  {
    files: ["**/*.js", "**/*.cjs"],
    languageOptions: { sourceType: "commonjs", globals: { ...nodeCommonJs, jest: "readonly" } },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },

  // Tests get the promise rules too: an un-awaited assertion is a test that cannot fail.
  {
    files: testFiles,
    languageOptions: {
      parserOptions: { project: ["./tsconfig.test.json"], tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      "@typescript-eslint/no-non-null-assertion": "off",
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
    },
  },

  // The admin bundle has its own tsconfig (React, DOM); its tests are type-checked against it.
  {
    files: ["src/admin/**/__tests__/**/*.ts"],
    languageOptions: {
      parserOptions: { project: ["./src/admin/tsconfig.json"], tsconfigRootDir: import.meta.dirname },
    },
  }
)
