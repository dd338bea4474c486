/**
 * PDF table cells: a line's segments (runs of text split at wide gaps) to a label and numeric cells.
 * "$" printed apart from its number, ")" and "%" hanging after it join their cell; footnote markers
 * glued to a figure go back to the label; the label may itself be several segments (a wrapped
 * capitalization label with blanks left for the offering's figures, a "Classification" text column).
 */
import type { Line, Segment } from '../layout'
import { isNumericCell, isYearCell, splitLabelCells } from './common'

export interface Cell {
  text: string
  /** Left edge of the number and its right edge (where right-aligned columns line up). */
  x0: number
  x1: number
  /** Which segment of the line the cell was cut from. */
  run?: number
  /** The right edge is estimated (the cell was cut from a longer segment, not printed apart). */
  estimated?: boolean
}

type Piece = Segment & { run: number; estimated: boolean }

export interface DataRow {
  /** Index of the row's line in the page's lines. */
  line: number
  label: string
  /** The label's segments when it has several (a text column beside the label). */
  labelParts: Cell[]
  /** Left edge of the label (of the first cell when the row has no label). */
  labelX: number
  cells: Cell[]
  fontSize: number
}

/** "$" printed apart from its number, ")" and "%" hanging after it: one cell each. */
export function cellsOf(segments: readonly Segment[]): Cell[] {
  return joinCells(segments.flatMap((s, run) => splitLabelFigure(s).map((p) => ({ ...p, run }))))
}

/**
 * A label whose footnote marker is glued to the first figure ("Cost of revenue (1)41") is a label
 * and a cell, and so is a label ending in the first figure's "$" ("…basic and diluted $"); the
 * figure's position is estimated from its share of the characters.
 */
function splitLabelFigure(s: Segment): (Segment & { estimated: boolean })[] {
  const w = (s.x1 - s.x0) / Math.max(1, s.text.length)
  const dollar = /^(.*[A-Za-z)].*?)\s\$$/.exec(s.text)
  if (dollar)
    return [
      { text: (dollar[1] as string).trim(), x0: s.x0, x1: s.x1 - 2 * w, estimated: true },
      { text: '$', x0: s.x1 - w, x1: s.x1, estimated: false },
    ]
  const m = /^(.*[A-Za-z)].*?)\s?\(\d{1,2}\)\s?(\$?\s?\(?\d[\d,]*(?:\.\d+)?\s?\)?%?)$/.exec(s.text)
  if (!m) return [{ ...s, estimated: false }]
  const fig = m[2] as string
  return [
    { text: (m[1] as string).trim(), x0: s.x0, x1: s.x1 - w * (fig.length + 3), estimated: true },
    { text: fig, x0: s.x1 - w * fig.length, x1: s.x1, estimated: false },
  ]
}

/**
 * A "$" glued to the end of the previous cell ("38,380$", "—$", "- $") belongs to the next cell;
 * so does a number glued after a closing parenthesis ("(147,114 )15,033"), and the figures run into
 * a label's dot leaders ("Balance, beginning of period..... 329,575 $", Twitter's quarterly
 * "Total revenue....... $ 242,675 $168,580 … $ 54,313" printed as one run of text).
 */
const GLUED =
  /(?<=[\d)%—–]|(?:^|\s)-)\s*(?=\$)|(?<=\d\s?\))\s*(?=[\d(])|(?<=\.{3,})\s*(?=\(?\$?\s?\(?\d[\d,.()$%\s—–-]*$)/g
/** In a run of figures only, a space separates two cells ("(159,962) (110,671)", "64.0% $188,257,160", "- 329,575"). */
const SPACED = /(?<=[\d)%]|(?:^|\s)[-—–])\s+(?=[($]?\d)/g
const FIGURES_ONLY = /^[\d,.()$%\s—–-]+$/

/**
 * A segment cut into the cells glued in it, positions estimated from the share of the characters
 * (only the last piece's right edge is printed); a run of figures after a label's leaders is cut
 * again between its figures.
 */
function pieces(s: Piece): Piece[] {
  const re = FIGURES_ONLY.test(s.text) ? new RegExp(`${GLUED.source}|${SPACED.source}`, 'g') : GLUED
  const w = (s.x1 - s.x0) / Math.max(1, s.text.length)
  const out: Piece[] = []
  let from = 0
  for (const m of s.text.matchAll(re)) {
    if (m.index === 0) continue
    out.push({
      ...s,
      text: s.text.slice(from, m.index),
      x0: s.x0 + w * from,
      x1: s.x0 + w * m.index,
      estimated: true,
    })
    from = m.index + m[0].length
  }
  const last = { ...s, text: s.text.slice(from), x0: s.x0 + w * from }
  const rest =
    out.length > 0 && FIGURES_ONLY.test(last.text) && !FIGURES_ONLY.test(s.text) ? pieces(last) : [last]
  return [...out, ...rest].filter((p) => p.text.trim() !== '')
}

function joinCells(segments: readonly Piece[]): Cell[] {
  const out: Cell[] = []
  let dollar = false
  for (const piece of segments.flatMap(pieces)) {
    // A footnote marker glued to the first figure belongs to the label: "(1)5,850", "(2)0.4".
    const text = piece.text.trim().replace(/^\(\d{1,2}\)\s?(?=[\d$(.])/, '')
    if (text === '$') {
      dollar = true
      continue
    }
    const last = out.at(-1)
    if (last && /^(?:\)|%|\)%|%\))$/.test(text) && /\d|^[—–-]$/.test(last.text)) {
      last.text += text
      last.x1 = piece.x1
      last.estimated = piece.estimated
      continue
    }
    const cell = { text: dollar ? `$ ${text}` : text, x0: piece.x0, x1: piece.x1, run: piece.run }
    out.push(piece.estimated ? { ...cell, estimated: true } : cell)
    dollar = false
  }
  // Columns line up on the last digit: a hanging ")" or "%" must not move a cell's right edge.
  for (const c of out) {
    const tail = /[^\d]*$/.exec(c.text)?.[0].length ?? 0
    if (tail > 0 && c.text.length > tail) c.x1 -= (tail * (c.x1 - c.x0)) / c.text.length
  }
  return out
}

/**
 * A line read as a table row: label segments (optional) then numeric cells, nothing textual after
 * them. Several label segments are one label ("pro forma;   shares authorized and   shares issued").
 */
export function asDataRow(line: Line, index: number): DataRow | null {
  const cells = cellsOf(line.segments ?? [])
  const { labels, values } = splitLabelCells(cells)
  if (values.length === 0 || !values.every((c) => isNumericCell(c.text))) return null
  // A row of years alone is a header, not data ("Classification   2024   2023" included).
  if (values.every(isYearCell)) return null
  const label = labels.map((c) => c.text).join(' ')
  // A sentence ending in a figure is prose, not a row.
  if (label.split(' ').length > 40) return null
  return {
    line: index,
    label,
    labelParts: labels,
    labelX: (labels[0] ?? (values[0] as Cell)).x0,
    cells: values,
    fontSize: line.geo?.fontSize ?? 0,
  }
}
