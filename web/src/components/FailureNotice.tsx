import { useEffect, useState } from 'react'
import { describeFailure, formatWait } from '../lib/error-copy'

/** A failed question in plain words, with a Retry button when asking again may work. */
export function FailureNotice({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const failure = describeFailure(error)
  // Overload: the server said how long to wait; count it down rather than invite a wasted retry.
  const [wait, setWait] = useState(failure.retryAfter ?? 0)
  useEffect(() => {
    if (wait <= 0) return
    const timer = setTimeout(() => setWait((w) => w - 1), 1000)
    return () => clearTimeout(timer)
  }, [wait])
  return (
    <div
      role="alert"
      className={`notice notice--${failure.kind === 'session-limit' || failure.kind === 'daily-limit' ? 'info' : 'error'}`}
      data-failure={failure.kind}
    >
      <p className="notice__title">{failure.title}</p>
      <p>{failure.body}</p>
      {failure.retry && (
        <button type="button" className="button" onClick={onRetry} disabled={wait > 0}>
          {wait > 0 ? `Try again in ${formatWait(wait)}` : 'Try again'}
        </button>
      )}
    </div>
  )
}
