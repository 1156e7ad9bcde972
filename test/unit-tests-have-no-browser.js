// Stands in for playwright-core in the unit project (jest.config.js): the unit tests run where no browser
// is installed, so a spec that needs Chromium belongs under a __tests__/browser/ folder, in the browser project.
throw new Error(
  "playwright-core was imported by a unit test: move the spec under a __tests__/browser/ folder " +
    "(the browser project, `npm run test:browser`)"
)
