/**
 * Threads that outlive a reload: each filing's answered questions in localStorage, versioned and
 * bounded (turns per filing, filings, bytes). Pure functions over a Storage, so tests pass their own.
 * A record that does not read back as expected is dropped, never trusted: it came from a browser.
 */
import type { AskReply } from '@asks1/shared/contract/api'

export const THREADS_KEY = 'asks1.threads'
export const THREADS_VERSION = 1
export const MAX_TURNS_PER_FILING = 20
export const MAX_FILINGS = 10
export const MAX_BYTES = 1_500_000

export interface SavedTurn {
  turnId: string
  question: string
  reply: AskReply
}

interface Saved {
  version: typeof THREADS_VERSION
  /** Filing id → turns, oldest first; the object's key order is least recently saved first. */
  filings: Record<string, SavedTurn[]>
}

const isTurn = (t: unknown): t is SavedTurn => {
  const turn = t as SavedTurn
  return (
    typeof turn === 'object' &&
    turn !== null &&
    typeof turn.turnId === 'string' &&
    typeof turn.question === 'string' &&
    typeof turn.reply?.answer === 'string' &&
    Array.isArray(turn.reply.citations) &&
    Array.isArray(turn.reply.sources) &&
    typeof turn.reply.session?.left === 'number'
  )
}

function read(storage: Storage): Saved {
  try {
    const raw = storage.getItem(THREADS_KEY)
    if (!raw) return { version: THREADS_VERSION, filings: {} }
    const parsed = JSON.parse(raw) as Partial<Saved>
    if (parsed.version !== THREADS_VERSION || typeof parsed.filings !== 'object' || parsed.filings === null)
      return { version: THREADS_VERSION, filings: {} }
    const filings: Record<string, SavedTurn[]> = {}
    for (const [id, turns] of Object.entries(parsed.filings))
      if (Array.isArray(turns)) filings[id] = turns.filter(isTurn).slice(-MAX_TURNS_PER_FILING)
    return { version: THREADS_VERSION, filings }
  } catch {
    return { version: THREADS_VERSION, filings: {} }
  }
}

/** Writes, dropping the least recently saved filings (then the oldest turns) until it fits. */
function write(storage: Storage, saved: Saved): void {
  const ids = Object.keys(saved.filings)
  while (ids.length > MAX_FILINGS) delete saved.filings[ids.shift() as string]
  for (;;) {
    const json = JSON.stringify(saved)
    if (json.length <= MAX_BYTES) {
      try {
        storage.setItem(THREADS_KEY, json)
        return
      } catch {
        // Quota exceeded (other data of this origin): shrink and try again.
      }
    }
    const oldest = Object.keys(saved.filings)[0]
    if (oldest === undefined) return
    const turns = saved.filings[oldest] as SavedTurn[]
    if (turns.length > 1 && Object.keys(saved.filings).length === 1) turns.shift()
    else delete saved.filings[oldest]
  }
}

/** Every saved thread, by filing id. */
export function loadThreads(storage: Storage): Record<string, SavedTurn[]> {
  return read(storage).filings
}

/** Saves a filing's thread (its most recent turns), making it the most recently saved. */
export function saveThread(storage: Storage, filing: string, turns: readonly SavedTurn[]): void {
  const saved = read(storage)
  delete saved.filings[filing]
  if (turns.length > 0) saved.filings[filing] = turns.slice(-MAX_TURNS_PER_FILING)
  write(storage, saved)
}

export function clearThread(storage: Storage, filing: string): void {
  saveThread(storage, filing, [])
}

/** localStorage when the browser allows it (private modes and sandboxes may not): else nothing is kept. */
export function browserStorage(): Storage | null {
  try {
    const storage = window.localStorage
    storage.getItem(THREADS_KEY)
    return storage
  } catch {
    return null
  }
}
