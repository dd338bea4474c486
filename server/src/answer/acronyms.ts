/**
 * Abbreviations a filing defines for itself: "monthly active users (MAUs)", "urea cycle disorders, or
 * UCDs", "the Securities and Exchange Commission (the “SEC”)". A sentence printing the short form
 * ("We had 845 million MAUs") is about the words it stands for, so the ranker reads both. The
 * vocabulary comes from the filing's own text, never from a question, plus a few abbreviations
 * every SEC filing reader uses (STANDARD). Pure.
 */
import { keywordTerms } from '@asks1/shared/retrieval/terms'

/** "(MAUs)", "(the “SEC”)", ", or UCDs": an abbreviation of 2–8 letters, a lower-case prefix allowed (mDAUs). */
const MARKER_RE =
  /(?:\(\s*(?:the\s+)?["“]?|,\s+or\s+(?:the\s+)?["“]?)([a-z]?[A-Z][A-Z0-9]{1,7})s?["”]?(?=[)\s,.;])/g
/** The words before a marker that may spell it out (at most nine: "Securities and Exchange Commission"). */
const WORDS_BEFORE = 120

/** Words an abbreviation skips ("Securities and Exchange Commission" is SEC). */
const SKIPPED = new Set(['and', 'of', 'the', 'for', 'in', 'on', 'to', '&'])

/** The words the abbreviation's letters stand for, read backwards from it; null when they do not fit. */
function expansion(words: readonly string[], letters: string): string[] | null {
  let at = letters.length - 1
  const out: string[] = []
  for (let i = words.length - 1; i >= 0 && at >= 0; i--) {
    const w = words[i] as string
    if (w[0]?.toLowerCase() === letters[at]) {
      out.unshift(w)
      at--
    } else if (SKIPPED.has(w.toLowerCase())) out.unshift(w)
    else return null
  }
  return at < 0 ? out : null
}

/** Abbreviation (as an index term) → the index terms of what it stands for, from one or more texts. */
export function definedAbbreviations(texts: readonly string[]): Map<string, string[]> {
  const out = new Map<string, string[]>()
  for (const text of texts)
    for (const m of text.matchAll(MARKER_RE)) {
      const short = m[1] as string
      const at = m.index ?? 0
      const words = text.slice(Math.max(0, at - WORDS_BEFORE), at).match(/[\p{L}][\p{L}'’-]*/gu) ?? []
      const full = expansion(words, short.toLowerCase())
      const key = keywordTerms(short)[0]
      if (!full || !key || out.has(key)) continue
      const terms = keywordTerms(full.join(' ')).filter((t) => !t.includes(' ') && t !== key)
      if (terms.length > 0) out.set(key, terms)
    }
  return out
}

/**
 * A text's index terms read both ways: each abbreviation followed by what it stands for ("mau" →
 * "mau monthli activ user"), and the words spelled out followed by their abbreviation ("initi public
 * offer" → "… ipo"), so a question using either form finds a sentence printing the other.
 */
export function withExpansions(
  stems: readonly string[],
  abbreviations: ReadonlyMap<string, string[]>,
): string[] {
  const out: string[] = []
  stems.forEach((s, i) => {
    out.push(s, ...(abbreviations.get(s) ?? []))
    for (const [short, full] of abbreviations)
      if (full.length > 1 && full.at(-1) === s && full.every((t, k) => stems[i - full.length + 1 + k] === t))
        out.push(short)
  })
  return out
}

/**
 * Abbreviations SEC filings use without always spelling them out (Investor.gov glossary: "initial
 * public offering (IPO)", "earnings per share (EPS)"…): read both ways unless the filing defines
 * the letters otherwise.
 */
const STANDARD: readonly [string, string][] = [
  ['IPO', 'initial public offering'],
  ['CEO', 'chief executive officer'],
  ['CFO', 'chief financial officer'],
  ['EPS', 'earnings per share'],
  ['GAAP', 'generally accepted accounting principles'],
  ['NOL', 'net operating loss'],
  ['SEC', 'Securities and Exchange Commission'],
  // Not an abbreviation but read the same way: the auditor a reader asks about is, in the form's
  // words, the "registered public accounting firm" (Sarbanes-Oxley Act §2(a)(12); Regulation S-X
  // Rule 2-02, the accountant's report; Regulation S-K Item 304): "Report of Ernst & Young LLP,
  // Independent Registered Public Accounting Firm".
  ['auditor', 'registered public accounting firm'],
]

/** A filing's own abbreviations, with the standard ones it does not define. */
export function withStandard(defined: ReadonlyMap<string, string[]>): Map<string, string[]> {
  const out = new Map(defined)
  for (const [short, full] of STANDARD) {
    const key = keywordTerms(short)[0]
    if (key && !out.has(key))
      out.set(
        key,
        keywordTerms(full).filter((t) => !t.includes(' ')),
      )
  }
  return out
}
