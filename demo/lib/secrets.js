"use strict"
const crypto = require("node:crypto")
const fs = require("node:fs")

/*
 * The demo store's secrets: made once per demo database and kept beside it (never printed), so that admin
 * sessions and the proofs in callback URLs of applications made before a restart stay valid after it.
 */

const NAMES = ["jwtSecret", "cookieSecret", "callbackSecret", "sandboxPassword", "outletSandboxPassword"]

const usable = (value) => typeof value === "string" && value.length >= 32

function loadOrCreateSecrets(file) {
  let saved = {}
  try {
    saved = JSON.parse(fs.readFileSync(file, "utf8"))
  } catch (error) {
    if (error.code !== "ENOENT" && !(error instanceof SyntaxError)) throw error
  }
  if (NAMES.every((name) => usable(saved[name]))) return saved
  // Only the missing ones are made: a secret added later (the outlet's password) must not replace the
  // session and callback secrets of a database made before it.
  const secrets = Object.fromEntries(
    NAMES.map((name) => [
      name,
      usable(saved[name]) ? saved[name] : crypto.randomBytes(32).toString("base64url"),
    ])
  )
  fs.writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 })
  return secrets
}

module.exports = { loadOrCreateSecrets }
