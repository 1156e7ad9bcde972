// Prints the plain closing line CI reads ("N passed, N failed"), which jest's own summary does not.
class SummaryReporter {
  onRunComplete(_contexts, results) {
    const skipped = results.numPendingTests + results.numTodoTests
    const tail = skipped > 0 ? `, ${skipped} skipped` : ""
    process.stdout.write(
      `\njest: ${results.numPassedTests} passed, ${results.numFailedTests} failed${tail}\n`
    )
  }
}

module.exports = SummaryReporter
