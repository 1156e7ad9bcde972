"use strict"
const net = require("node:net")

const { DemoError } = require("./demo-error")

function listenOnce(host, port) {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once("error", reject)
    server.listen(port, host, () => {
      const { port: bound } = server.address()
      server.close(() => resolve(bound))
    })
  })
}

/** A taken port, said in terms of the variable that moves it; any other error as it was. */
function portTaken(error, port, variable) {
  if (error.code !== "EADDRINUSE") return error
  return new DemoError(`port ${port} is in use: set ${variable} to another port, or to 0 for any free one`)
}

/**
 * The port Medusa will listen on, known before it starts because its config, the callback URL and the
 * storefront all name it: a free one for 0, else the one asked for, refused at once when it is taken.
 */
async function portForMedusa(host, wanted, variable) {
  return listenOnce(host, wanted).catch((error) => Promise.reject(portTaken(error, wanted, variable)))
}

module.exports = { portForMedusa, portTaken }
