/**
 * Limits of the HTTP contract, in one place: the API schemas enforce them, the web app caps what
 * it sends to them, the server's configuration may not exceed them. Browser-safe.
 */

/** Longest question, in characters. */
export const QUESTION_MAX_CHARS = 1000

/** Most prior turns (user and assistant messages together) one question may resend. */
export const HISTORY_MAX_ITEMS = 20

/** Longest prior turn, in characters. */
export const HISTORY_ITEM_MAX_CHARS = 8000

/** Longest filing id. */
export const FILING_ID_MAX_CHARS = 64

/** Chunks a retrieval-only `/sources?q=` search returns by default, and at most. */
export const SOURCES_DEFAULT_K = 8
export const SOURCES_MAX_K = 50
