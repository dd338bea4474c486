/**
 * The ONE keyword tokenizer: SQLite's FTS5 index and Qdrant's sparse vectors are both built from
 * `keywordTerms`, so the two stores agree on what a term is.
 *
 * Readers of filings search for things a plain word tokenizer destroys: `900%`, `$1.2 billion`,
 * `50.1%`, `3,711`, `Class F`, `F-16`, `Long-Term Benefit Trust`. Such a phrase is kept as one
 * compound term AND broken into its ordinary parts, so a query that quotes the phrase exactly gets a
 * rare (high-IDF) match, while a looser query still matches the parts.
 *
 * Ordinary words are stemmed with the Porter stemmer (the `stemmer` package), at index and query
 * time alike, so "revenue" and "revenues", "underwriters" and "underwriting" meet. Compounds are built from
 * the stems of their words. There is no question vocabulary here: how a question's words reach a
 * filing's is the business of the index (stems, section fields) and the form data (vocabulary.ts).
 *
 * Pure: no I/O, deterministic.
 */
import { stemmer } from 'stemmer'
import {
  MONEY_TOKEN_SOURCE,
  moneyTokenParts,
  NUMBER_SOURCE,
  PERCENT_TOKEN_SOURCE,
  percentTokenNumber,
} from '../contract/figures'

/** Common English words that carry no retrieval signal (plus a few filing-boilerplate words). */
const STOP_WORDS = new Set(
  `a about above after again against all am an and any are as at be because been before being below
  between both but by can could did do does doing down during each few for from further had has have
  having he her here hers herself him himself his how i if in into is it its itself just me more most my
  myself no nor not now of off on once only or other our ours ourselves out over own same she should so
  some such than that the their theirs them themselves then there these they this those through to too
  under until up very was we were what when where which while who whom why will with would you your
  yours yourself yourselves may also us upon within without whether per via`
    .split(/\s+/)
    .filter(Boolean),
)

/** A common English word that carries no retrieval signal (lower case). */
export const isStopWord = (word: string): boolean => STOP_WORDS.has(word)

// What a number, a money figure and a percentage look like is defined once, by the figures module.
const NUM = NUMBER_SOURCE

/**
 * One pass over the text, alternatives tried in order (first match wins at each position):
 * money, percent, hyphenated code (F-16, S-1, 10-K, COVID-19), glued name (3M), number, word.
 */
const TOKEN_RE = new RegExp(
  [
    `(?<money>${MONEY_TOKEN_SOURCE})`,
    `(?<percent>${PERCENT_TOKEN_SOURCE})`,
    `(?<code>\\b[A-Za-z]{1,5}-\\d+[A-Za-z]?\\b|\\b\\d+-[A-Za-z]{1,3}\\b)`,
    // Digits glued to one or two letters are a name or an ordinal ("3M", "2nd"), one word.
    `(?<glued>(?<![\\w.])\\d+\\p{L}{1,2}\\b)`,
    `(?<number>(?<![\\w.])(?:${NUM}))`,
    `(?<word>[\\p{L}\\p{N}]+(?:['’][\\p{L}]+)*(?:-[\\p{L}\\p{N}]+(?:['’][\\p{L}]+)*)*)`,
  ].join('|'),
  'gu',
)

export interface Token {
  /** Original spelling. */
  raw: string
  kind: 'money' | 'percent' | 'code' | 'number' | 'word'
  /** Ends a sentence or clause: a compound never runs across it. */
  breakAfter: boolean
}

const KINDS = ['money', 'percent', 'code', 'word', 'number', 'word'] as const
const CONTINUES = /[\p{L}\p{N}$]/u

/** The token stream `keywordTerms` is built from (exported for its tests). */
export function tokens(text: string): Token[] {
  const out: Token[] = []
  for (const m of text.matchAll(TOKEN_RE)) {
    // Numbered groups in TOKEN_RE's order (reading m.groups builds an object per token).
    const kind = KINDS[[m[1], m[2], m[3], m[4], m[5], m[6]].findIndex((g) => g !== undefined)]
    if (!kind) continue
    // Anything but plain spaces between this token and the next (punctuation, line breaks) breaks a
    // capitalised run, so "Trust. The" never becomes one term. Scanned in place: slicing the text
    // after every token made tokenising quadratic in the text's length.
    let p = (m.index ?? 0) + m[0].length
    while (p < text.length && (text.charCodeAt(p) === 32 || text.charCodeAt(p) === 9)) p++
    const next = text[p]
    out.push({ raw: m[0], kind, breakAfter: next === undefined || !CONTINUES.test(next) })
  }
  return out
}

const lower = (s: string) => s.toLowerCase()

/**
 * Porter stem of a lower-case word, memoised: a filing has a few thousand distinct words and is
 * tokenised at index time, every reranked passage at query time.
 */
const STEMS = new Map<string, string>()
export function stem(word: string): string {
  let s = STEMS.get(word)
  if (s === undefined) {
    s = /^[a-z]+$/.test(word) ? stemmer(word) : word
    if (STEMS.size < 200_000) STEMS.set(word, s)
  }
  return s
}
/** `Facebook's` → `facebook`; curly and straight apostrophes alike. */
const stripPossessive = (s: string) =>
  s.includes("'") || s.includes('’') ? s.replace(/['’]s$/i, '').replace(/['’]/g, '') : s

/** A hyphenated word's stems, hyphens kept ("long-term" → "long-term", "holdings" → "hold"). */
const stemCompound = (word: string) => word.split('-').map(stem).join('-')

/** Ordinary lower-cased word terms of one word token (hyphenated words give the whole and the parts). */
function wordTerms(raw: string): string[] {
  const word = lower(stripPossessive(raw))
  const out: string[] = []
  // Most tokens are one plain word: skip the split.
  if (!word.includes('-')) {
    if ((word.length >= 2 || /\d/.test(word)) && !STOP_WORDS.has(word)) out.push(stem(word))
    return out
  }
  const parts = word.split('-')
  if (parts.length > 1) out.push(parts.map(stem).join('-'))
  for (const p of parts) {
    if (p.length < 2 && !/\d/.test(p)) continue
    if (STOP_WORDS.has(p)) continue
    out.push(stem(p))
  }
  return out
}

function numberTerms(raw: string): string[] {
  // "3,711" is kept as printed and also as "3711", so either spelling in a question matches.
  return raw.includes(',') ? [raw, raw.replace(/,/g, '')] : [raw]
}

/** Capitalised and not a stop word ("RISK FACTORS AND" is the run "risk factors"). */
const isCapitalised = (t: Token) => {
  if (t.kind !== 'word') return false
  const c = t.raw.charCodeAt(0)
  // ASCII answers without the Unicode regex; other scripts ask it.
  const upper = c < 128 ? c >= 65 && c <= 90 : /^\p{Lu}/u.test(t.raw)
  return upper && !STOP_WORDS.has(lower(t.raw))
}
/** "Class A", "Class AA", and a typed question's "class a" (one lower-case letter only: not "class of"). */
const isClassLetter = (t: Token) => t.kind === 'word' && (/^[A-Z]{1,2}$/.test(t.raw) || /^[a-z]$/.test(t.raw))
/** Words that introduce a sentence rather than name something ("The Company", "Our Board"). */
const LEADING_NOISE = new Set([
  'the',
  'our',
  'a',
  'an',
  'in',
  'as',
  'if',
  'we',
  'this',
  'these',
  'each',
  'for',
])

/**
 * Keyword terms of a text, in order, with repeats (term frequency matters to BM25).
 * Compounds (`$1.2 billion`, `50.1%`, `class f`, `long-term benefit trust`) come before their parts.
 */
export function keywordTerms(text: string): string[] {
  const toks = tokens(text.normalize('NFKC'))
  const out: string[] = []
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i] as Token
    switch (t.kind) {
      case 'money': {
        const { number: num, scale } = moneyTokenParts(t.raw)
        out.push(scale ? `$${num} ${scale}` : `$${num}`)
        if (scale) out.push(`$${num}`)
        out.push(...numberTerms(num))
        if (scale) out.push(scale)
        break
      }
      case 'percent': {
        const num = percentTokenNumber(t.raw)
        out.push(`${num}%`, ...numberTerms(num))
        break
      }
      case 'code': {
        const code = lower(t.raw)
        out.push(code, ...code.split('-').filter((p) => p.length >= 2 && !STOP_WORDS.has(p)))
        break
      }
      case 'number':
        out.push(...numberTerms(t.raw))
        break
      case 'word': {
        const next = toks[i + 1]
        // Share classes and series: "Class F", "Series A" (the letter alone is too short to keep).
        if (/^(class|series)$/i.test(t.raw) && next && !t.breakAfter && isClassLetter(next)) {
          out.push(`${lower(t.raw)} ${lower(next.raw)}`, stem(lower(t.raw)))
          i++
          break
        }
        // Defined terms: a run of two or more capitalised words ("Long-Term Benefit Trust").
        if (isCapitalised(t) && !LEADING_NOISE.has(lower(t.raw))) {
          let j = i
          while (j + 1 < toks.length && !(toks[j] as Token).breakAfter && isCapitalised(toks[j + 1] as Token))
            j++
          if (j > i) {
            const run = toks.slice(i, j + 1)
            out.push(run.map((r) => stemCompound(lower(stripPossessive(r.raw)))).join(' '))
            for (const r of run) out.push(...wordTerms(r.raw))
            i = j
            break
          }
        }
        out.push(...wordTerms(t.raw))
        break
      }
    }
  }
  return out
}

/** The distinct terms of a question, in first-seen order. */
export function queryTerms(text: string): string[] {
  return [...new Set(keywordTerms(text))]
}
