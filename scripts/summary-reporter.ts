/**
 * Ends a Vitest run with one plain line, `Tests: N passed, N failed, N skipped`, that any CI can
 * read without knowing Vitest's own summary format.
 */
import type { Reporter, TestModule } from 'vitest/node'

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const counts = { passed: 0, failed: 0, skipped: 0 }
    for (const mod of testModules) {
      for (const test of mod.children.allTests()) {
        const state = test.result().state
        if (state === 'passed') counts.passed++
        else if (state === 'failed') counts.failed++
        else counts.skipped++
      }
      // A file that failed to load has no tests to count; it still failed.
      if (
        mod.state() === 'failed' &&
        ![...mod.children.allTests()].some((t) => t.result().state === 'failed')
      )
        counts.failed++
    }
    process.stdout.write(
      `\nTests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`,
    )
  }
}
