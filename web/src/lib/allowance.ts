/** The question allowance in words: how many are left, and when the allowance starts afresh. */
import type { SessionInfo } from '@asks1/shared/contract/api'

/** "Jan 17, 12:00" in the reader's own time zone (the year only when it is not this year's). */
export function formatReset(iso: string, now = new Date()): string {
  const date = new Date(iso)
  return date.toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    ...(date.getFullYear() !== now.getFullYear() && { year: 'numeric' }),
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  })
}

export function sessionText(session: SessionInfo, now = new Date()): string {
  const reset = session.resetsAt ? formatReset(session.resetsAt, now) : null
  // Left at 0 before the session's own limit: the address's daily allowance is what ran out.
  if (session.left === 0 && session.used < session.limit)
    return reset
      ? `No questions left today from this network · more on ${reset}`
      : 'No questions left today from this network'
  if (session.left === 0)
    return reset ? `No questions left · ${session.limit} more on ${reset}` : 'No questions left'
  const count = `${session.left} of ${session.limit} question${session.limit === 1 ? '' : 's'} left`
  return reset ? `${count} · resets ${reset}` : count
}
