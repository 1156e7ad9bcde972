"use strict"
const crypto = require("node:crypto")
const fs = require("node:fs")

/*
 * The demo store's secrets: made once per demo database and kept beside it (never printed), so that admin
 * sessions and the proofs in callback URLs of applications made before a restart stay valid after it.
 */

const NAMES = ["jwtSecret", "cookieSecret", "callbackSecret", "sandboxPassword"]

function loadOrCreateSecrets(file) {
  try {
    const saved = JSON.parse(fs.readFileSync(file, "utf8"))
    if (NAMES.every((name) => typeof saved[name] === "string" && saved[name].length >= 32)) return saved
  } catch (error) {
    if (error.code !== "ENOENT" && !(error instanceof SyntaxError)) throw error
  }
  const secrets = Object.fromEntries(
    NAMES.map((name) => [name, crypto.randomBytes(32).toString("base64url")])
  )
  fs.writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 })
  return secrets
}

module.exports = { loadOrCreateSecrets }
