"use strict"

/** A problem the person running the demo can fix, said in one sentence: printed without a stack trace. */
class DemoError extends Error {}

module.exports = { DemoError }
