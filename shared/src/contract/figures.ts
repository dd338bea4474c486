/**
 * The one home of figures: how a printed number is read ("$1.2 billion", "1,200", "(27,474)",
 * "12.5%", "$0.84 per share"), what a table's units do to it ("in thousands, except per share
 * amounts"), and when two figures are the same number after rounding ("$166.9 million" is the cell
 * 166,919 of a table in thousands; "$170.2 million" is not). Ingest reads table cells with it, the
 * citation check compares quoted figures with pages and cells with it, retrieval and extractive
 * answers find figures with it. Pure and browser-safe.
 */

export type FigureKind = 'money' | 'percent' | 'per-share' | 'number'

export interface Figure {
  /** As printed (trimmed). */
  text: string
  /** Where it starts in the text it was found in (0 for a single parsed figure). */
  index: number
  kind: FigureKind
  /** The printed number with its sign: "(27,474)" is -27474, "$1.2 billion" is 1.2. */
  number: number
  /** What a printed scale word or a table's units multiply it by ("billion" = 1e9), else 1. */
  scale: number
  /** number × scale: the figure's actual value ("$1.2 billion" = 1.2e9). */
  value: number
  /** Half a unit of the last printed digit, scaled: the rounding the printed figure stands for. */
  tolerance: number
  /** A scale word was printed with it ("million", "bn"): table units never apply on top of it. */
  scaled: boolean
  /** Bare 4-digit year, day of a date, note/item/section number: never a quoted figure. */
  label: boolean
}

const SCALE_WORDS: Record<string, number> = {
  thousand: 1e3,
  k: 1e3,
  million: 1e6,
  m: 1e6,
  mm: 1e6,
  mn: 1e6,
  billion: 1e9,
  b: 1e9,
  bn: 1e9,
  trillion: 1e12,
  tn: 1e12,
}

/** A printed number: "3,711", "166.9", ".5" (regex source, shared with the keyword tokenizer). */
export const NUMBER_SOURCE = String.raw`\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?`
/** The scale words a figure may print after its number (regex source, shared with the tokenizer). */
export const SCALE_WORD_SOURCE = 'thousand|million|billion|trillion'
const NUM = `${NUMBER_SOURCE}|\\.\\d+`
/**
 * One figure in running text. Groups: neg (leading minus), open/close (parentheses = negative),
 * cur ($), num, pct (% or "percent"), scale (a word, or an abbreviation only right after "$1.2"),
 * share ("per share"). Not inside a word, a code ("F-16", "10-K", "333-1234") or a date ("12/31").
 */
const FIGURE_RE = new RegExp(
  String.raw`(?<![\p{L}\p{N}_.,/]|[\p{L}\p{N}]-)` +
    String.raw`(?<neg>[-\u2212\u2013](?=\s?\$?\s?\d))?(?<open>\((?=\s?\$?\s?[\d.]))?(?<cur>\$\s?)?(?<open2>\((?=\s?[\d.]))?\s?` +
    `(?<num>${NUM})` +
    String.raw`(?:\s?(?<close>\)))?` +
    String.raw`(?:(?<pct>\s?%|\s(?:percent|per cent)\b)|(?:\s(?<scale>${SCALE_WORD_SOURCE})s?\b)|(?<=\$\s?[\d.,]+)(?<abbr>bn|mm|mn|tn|[kmb])\b)?` +
    String.raw`(?<share>\s(?:per|a)\s(?:basic\s|diluted\s|common\s|ordinary\s)?share\b)?` +
    String.raw`(?![\p{L}\p{N}_]|[.,]\d|-\p{L}|/\d)`,
  'giu',
)

const MONTHS = /(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s$/i
/** Words after which a bare number is a label, not a quantity ("Note 3", "Item 7", "Rule 144"). */
const LABEL_BEFORE =
  /\b(?:note|notes|item|items|rule|section|article|form|part|chapter|exhibit|schedule|page|pages|p\.|pp\.|class|series|level|tier|phase|step|no\.|number)\s$/i
const ORDINAL_AFTER = /^(?:st|nd|rd|th)\b/i

/** Decimal places printed in a numeric string ("166.9" → 1, "3,711" → 0). */
const decimals = (num: string) => {
  const dot = num.indexOf('.')
  return dot < 0 ? 0 : num.length - dot - 1
}

function build(m: RegExpMatchArray, text: string): Figure {
  const g = m.groups ?? {}
  const num = g.num as string
  const negative = Boolean(g.neg) || Boolean((g.open || g.open2) && g.close)
  const scaleWord = (g.scale ?? g.abbr ?? '').toLowerCase()
  const scale = SCALE_WORDS[scaleWord] ?? 1
  const magnitude = Number(num.replace(/,/g, ''))
  const number = negative ? -magnitude : magnitude
  const kind: FigureKind = g.pct ? 'percent' : g.share ? 'per-share' : g.cur ? 'money' : 'number'
  const index = m.index ?? 0
  // A bare integer (no $, %, separators, decimals, scale or sign) may be a year, a date or a label.
  const bare = kind === 'number' && !scaleWord && !negative && /^\d+$/.test(num)
  const before = text.slice(Math.max(0, index - 16), index)
  const after = text.slice(index + m[0].length, index + m[0].length + 3)
  const label =
    bare &&
    ((num.length === 4 && magnitude >= 1900 && magnitude <= 2099) ||
      MONTHS.test(before) ||
      LABEL_BEFORE.test(before) ||
      ORDINAL_AFTER.test(after))
  // Unbalanced parentheses belong to the sentence, not the figure: "(88%; p.50)" keeps "88%".
  let printed = m[0]
  let start = index
  const opened = Boolean(g.open || g.open2)
  if (opened && !g.close) {
    const cut = printed.indexOf('(') + 1
    printed = printed.slice(cut)
    start += cut
  } else if (!opened && g.close) printed = printed.replace(/\s?\)/, '')
  const lead = printed.length - printed.trimStart().length
  return {
    text: printed.trim(),
    index: start + lead,
    kind,
    number,
    scale,
    value: number * scale,
    tolerance: 0.5 * 10 ** -decimals(num) * scale,
    scaled: scale !== 1,
    label,
  }
}

export interface ParseOptions {
  /** Keep years, dates and labels too (a page being searched for a quoted number). Default false. */
  labels?: boolean
}

/** Every figure in a text, in order; years, dates and labels are left out unless asked for. */
export function parseFigures(text: string, opts: ParseOptions = {}): Figure[] {
  const out: Figure[] = []
  for (const m of text.matchAll(FIGURE_RE)) {
    const f = build(m, text)
    if (opts.labels || !f.label) out.push(f)
  }
  return out
}

/**
 * A whole string read as one figure: a table cell ("$ 3,711", "(27,474)", "12.5 %", "0.84"),
 * with footnote markers ("1,200(1)", "1,200*") ignored. Null for text, dashes and blanks.
 */
export function parseFigure(text: string): Figure | null {
  const clean = text
    .normalize('NFKC')
    .replace(/(?<=\d|\))\s?(?:\(\d\)|\*+|†|‡|§)$/u, '')
    .trim()
  if (!clean) return null
  const m = new RegExp(FIGURE_RE.source, 'iu').exec(clean)
  if (m?.index !== 0 || m[0].trim().length !== clean.length) return null
  return { ...build(m, clean), text: clean, index: 0, label: false }
}

/** A printed empty cell: em/en dash, hyphen, "—%", "$ —", "n/a", "NM". */
export function isEmptyCell(text: string): boolean {
  return /^\s*\$?\s*(?:[-\u2013\u2014\u2012]+|n\/?a|nm|\*)\s*%?\s*$/i.test(text)
}

/** A table's declared units: the scale its plain amounts are in, and what is exempt from it. */
export interface Units {
  /** 1, 1e3, 1e6, 1e9. */
  scale: number
  /** "thousands" | "millions" | "billions" | null (as printed). */
  label: string | null
  /** "except per share" / "except share and per share": per-share amounts and share counts are not scaled. */
  exceptPerShare: boolean
  exceptShares: boolean
}

const UNITS_RE =
  /\b(?:in|amounts in|dollars in|\$ in|expressed in|in u\.s\.)\s*(?:\$\s*|dollars\s*|u\.s\.\s*dollars\s*)?(thousands|millions|billions)\b([^)\n]{0,80})/i
const UNIT_SCALES: Record<string, number> = { thousands: 1e3, millions: 1e6, billions: 1e9 }

/** Units declared in a caption or header ("(In thousands, except share and per share amounts)"). */
export function parseUnits(text: string): Units | null {
  const m = UNITS_RE.exec(text.normalize('NFKC'))
  if (!m) {
    if (/\(\s*(?:\$\s*)?000'?s\s*\)/i.test(text)) return { ...NO_UNITS, scale: 1e3, label: 'thousands' }
    return null
  }
  const label = (m[1] as string).toLowerCase()
  const rest = (m[2] ?? '').toLowerCase()
  const except = rest.includes('except')
  return {
    scale: UNIT_SCALES[label] ?? 1,
    label,
    exceptPerShare: except && /per[- ]share|per unit/.test(rest),
    exceptShares:
      except && /\bshares?\b(?![- ]?(?:data|amounts?)?\s*per)|share (?:and|&) per|share data/.test(rest),
  }
}

export const NO_UNITS: Units = { scale: 1, label: null, exceptPerShare: false, exceptShares: false }

/** Row labels that count shares or state per-share amounts: units "except per share" leave them alone. */
const PER_SHARE_ROW =
  /\bper (?:basic |diluted |common |ordinary )?share\b|\bearnings per\b|\beps$|\b(?:basic|diluted)$/i
const SHARE_COUNT_ROW = /\bshares\b|\bweighted[- ]average\b/i

/**
 * Rows that state a rate, a ratio or a duration, never an amount: lease notes print them in tables
 * "in thousands except for lease terms and borrowing rates" (CAMP4 424B4 p.F-19). Matched at the end
 * of the label, so "Interest rate swap" and "Term loan" stay amounts.
 */
const UNITLESS_ROW = /\b(?:rate|ratio|term)s?$|\((?:in )?(?:years|months|%)\)$|\b(?:in years|in months)$/i

/**
 * A figure read from a cell, in its table's units. Percentages, per-share amounts, figures that
 * print their own scale word and rows the caption exempts ("except per share amounts") keep
 * their printed value.
 */
export function scaleByUnits(figure: Figure, units: Units | null, rowLabel = ''): Figure {
  if (!units || units.scale === 1 || figure.scaled) return figure
  if (figure.kind === 'percent' || figure.kind === 'per-share') return figure
  if (units.exceptPerShare && PER_SHARE_ROW.test(rowLabel)) return figure
  if (UNITLESS_ROW.test(rowLabel.trim())) return figure
  if (units.exceptShares && SHARE_COUNT_ROW.test(rowLabel) && !/\$|amount|value/i.test(rowLabel))
    return figure
  const scale = figure.scale * units.scale
  return { ...figure, scale, value: figure.number * scale, tolerance: figure.tolerance * units.scale }
}

/**
 * Rounding never stretches further than this share of the value: "$1 billion" stands for 1,040
 * million, not for 1,400 million, although the latter rounds to it.
 */
const MAX_RELATIVE_ROUNDING = 0.05

/**
 * Whether two figures are the same number after rounding: the less precise one decides how much
 * rounding is allowed. Signs are ignored (prose says "a loss of $27.5 million" of a cell
 * "(27,474)"); a percentage only equals a percentage.
 */
export function figureEquals(a: Figure, b: Figure): boolean {
  if ((a.kind === 'percent') !== (b.kind === 'percent')) return false
  const x = Math.abs(a.value)
  const y = Math.abs(b.value)
  if (x === y) return true
  const tol = Math.min(Math.max(a.tolerance, b.tolerance), MAX_RELATIVE_ROUNDING * Math.max(x, y))
  // The tiny relative slack absorbs binary floating point ("166.9" × 1e6).
  return Math.abs(x - y) <= tol + 1e-9 * Math.max(x, y)
}

/** Every unit a page declares ("(in millions)", "(Dollars in thousands)", "($000s)"). */
export function pageUnits(pageText: string): Units[] {
  const units: Units[] = []
  for (const m of pageText.matchAll(new RegExp(UNITS_RE.source, 'gi'))) {
    const u = parseUnits(m[0])
    if (u && !units.some((v) => v.scale === u.scale)) units.push(u)
  }
  if (/\(\s*(?:\$\s*)?000'?s\s*\)/i.test(pageText) && !units.some((u) => u.scale === 1e3))
    units.push({ ...NO_UNITS, scale: 1e3, label: 'thousands' })
  return units
}

/**
 * Whether a quoted figure is stated on a page: literally, or as one of `cells` (the table cells read
 * on that page, already in their own table's units), or, on a page with no table read, as a number
 * the page's declared units and the quote's rounding make equal (a page printing "$3,711" under
 * "(in millions)" states $3,711 million). Cells are preferred because they know which units are
 * theirs: a page may print one table in thousands and another in billions.
 * On a page that declares units, a bare number read as printed supports a quote with a scale word
 * only exactly: "$40.6 thousand" is not the cell 40,616 of a table in thousands.
 */
export function figureOnPage(quote: Figure, pageText: string, cells: readonly Figure[] = []): boolean {
  if (cells.some((c) => figureEquals(quote, c))) return true
  const units = pageUnits(pageText)
  for (const f of parseFigures(pageText, { labels: true })) {
    const inUnits = units.map((u) => scaleByUnits(f, u)).filter((s) => s !== f)
    if (cells.length === 0 && inUnits.some((s) => figureEquals(quote, s))) return true
    const literalOnly = quote.scaled && inUnits.length > 0
    if (literalOnly ? Math.abs(quote.value) === Math.abs(f.value) : figureEquals(quote, f)) return true
  }
  return false
}

/** A figure written the way a reader expects: "$166,919 thousand", "12.5%", "-$27,474". */
export function formatFigure(figure: Figure): string {
  const abs = Math.abs(figure.number)
  const digits = decimals(/[\d,.]+/.exec(figure.text.replace(/^\D+/, ''))?.[0] ?? '')
  const body = abs.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
  const sign = figure.number < 0 ? '-' : ''
  if (figure.kind === 'percent') return `${sign}${body}%`
  const cur = figure.kind === 'money' || figure.kind === 'per-share' ? '$' : ''
  const word = Object.entries(SCALE_NAMES).find(([, v]) => v === figure.scale)?.[0]
  const unit = figure.scale !== 1 && word ? ` ${word}` : ''
  return `${sign}${cur}${body}${unit}${figure.kind === 'per-share' ? ' per share' : ''}`
}

const SCALE_NAMES: Record<string, number> = { thousand: 1e3, million: 1e6, billion: 1e9, trillion: 1e12 }
