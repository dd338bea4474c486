/**
 * The data every stage hands on: printed pages out of ingest, chunks into the store.
 * Browser-safe types only.
 */

import type { Table } from './tables'

/** Where a page sits in the document: only `body` is chunked. */
export type Matter = 'front' | 'body' | 'back'

/** One printed page as recovered by ingest (`pnpm ingest pages` prints these). */
export interface PageRecord {
  /** Printed label ("154", "F-16"), or the PDF page number when `fallback` is true. */
  label: string
  /** Physical 1-based PDF pages the printed page's text runs over ([] for HTML). */
  pdfPages: number[]
  text: string
  matter: Matter
  /** True when no printed label could be recovered and `label` is a PDF page number. */
  fallback?: boolean
  /** Tables (or parts of tables) printed on the page: an additional reading of its text. */
  tables?: Table[]
}

/** A chunk as stored: tagged text (`… [p.154] …`) plus what it covers. */
export interface Chunk {
  /** Stable: the same file ingested twice gives the same ids. */
  id: string
  filing: string
  version: string
  ordinal: number
  /** Text with an inline `[p.N]` tag at each printed page start (and at the chunk start). */
  text: string
  /** Printed page labels covered, in order. */
  pages: string[]
  /** Physical 1-based PDF pages covered, in order ([] for HTML sources). */
  pdfPages: number[]
  /** Section path at the chunk's start ("RISK FACTORS › Risks Related to Our Business"), if any. */
  section: string | null
  /**
   * Section paths of the headings that start inside the chunk (after its first word, before the
   * next chunk's start), when any: a chunk spanning two subsections belongs to both, so its keyword
   * fields carry both. Set at ingest for indexing; chunks read back from a store do not carry it.
   */
  innerSections?: string[]
  /** True when the page labels are PDF page numbers (no printed markers were found). */
  fallback: boolean
}
