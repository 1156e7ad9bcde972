const { MetadataStorage } = require("@medusajs/framework/mikro-orm/core")

// Entities registered by one spec file would otherwise leak into the next app booted in this worker.
MetadataStorage.clear()

// Booting Medusa and running every core migration happens in a beforeAll hook, under this timeout.
// Jest 29 has no per-project testTimeout, so it is set here rather than in jest.config.js.
jest.setTimeout(120_000)
