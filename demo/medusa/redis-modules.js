"use strict"

/*
 * Medusa's shared modules for a store of several processes (servers and workers) on one Redis: the event
 * bus, the workflow engine, the locking provider and the cache. docs/deployment.md says what each gives the
 * plugin and what is lost without it. The demo adds them with DEMO_TOPOLOGY=redis, the topology tests
 * (integration-tests/topology/) always: both load the app of demo/medusa/medusa-config.js with these on top.
 *
 * `locking`: "redis" (the default) or "postgres" (@medusajs/locking-postgres: advisory locks in the store's
 * own database, no Redis needed for locks).
 */
function redisModules(redisUrl, { locking = "redis" } = {}) {
  if (!redisUrl) throw new Error("redisModules needs a Redis URL, such as redis://127.0.0.1:6379/0")
  const lockingProvider =
    locking === "postgres"
      ? { resolve: "@medusajs/medusa/locking-postgres", id: "locking-postgres", is_default: true }
      : {
          resolve: "@medusajs/medusa/locking-redis",
          id: "locking-redis",
          is_default: true,
          options: { redisUrl },
        }
  return [
    // Events reach subscribers in a worker, whichever process emitted them, each subscriber once.
    { resolve: "@medusajs/medusa/event-bus-redis", options: { redisUrl } },
    // Workflow checkpoints, retries and scheduled jobs in Redis: a job's tick runs in one worker only.
    { resolve: "@medusajs/medusa/workflow-engine-redis", options: { redis: { redisUrl } } },
    // Locks every process sees: the plugin's cart-completion, application and payment-collection locks.
    { resolve: "@medusajs/medusa/locking", options: { providers: [lockingProvider] } },
    // Medusa's cache, shared; the plugin keeps nothing in it (docs/deployment.md).
    {
      resolve: "@medusajs/medusa/caching",
      options: {
        providers: [
          {
            resolve: "@medusajs/medusa/caching-redis",
            id: "caching-redis",
            is_default: true,
            options: { redisUrl },
          },
        ],
      },
    },
  ]
}

module.exports = { redisModules }
