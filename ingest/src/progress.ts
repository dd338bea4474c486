import cliProgress from 'cli-progress'
import type { Stage } from './ingest'

const STAGE_UNITS: Record<Stage, string> = {
  extract: 'pages',
  embed: 'chunks and table rows',
  write: 'chunks',
}

/**
 * Progress of a long ingest on standard error: a bar per stage on a TTY; off a TTY (CI, pipes), a
 * plain line at the start, every quarter and the end.
 */
export function progressReporter(out: { tty: boolean; line: (s: string) => void }) {
  let bar: cliProgress.SingleBar | null = null
  let stage: Stage | null = null
  let lastQuarter = -1
  const stop = () => {
    bar?.stop()
    bar = null
  }
  const update = (s: Stage, done: number, total: number) => {
    if (s !== stage) {
      stop()
      stage = s
      lastQuarter = -1
      if (out.tty) {
        bar = new cliProgress.SingleBar(
          {
            stream: process.stderr,
            format: `${s.padEnd(7)} [{bar}] {value}/{total} ${STAGE_UNITS[s]} | {duration_formatted}`,
            hideCursor: true,
            clearOnComplete: false,
          },
          cliProgress.Presets.shades_classic,
        )
        bar.start(total, done)
      }
    }
    if (bar) {
      bar.setTotal(total)
      bar.update(done)
      return
    }
    const quarter = total > 0 ? Math.floor((4 * done) / total) : 4
    if (quarter !== lastQuarter) {
      lastQuarter = quarter
      out.line(`${s}: ${done}/${total} ${STAGE_UNITS[s]}`)
    }
  }
  return { update, stop }
}
