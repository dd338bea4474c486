/**
 * @asks1/ingest: a filing (PDF or EDGAR HTML) in, printed-page-tagged chunks out.
 */
export { describeChanges, diffPages, type PageChanges } from './changes'
export { CHUNK_OVERLAP, CHUNK_WORDS, type ChunkOptions, chunkId, chunkPages, isHeading } from './chunk'
export { type EdgarDocument, fetchEdgarDocument, primaryDocumentLink } from './edgar'
export { htmlPrintedPages, type PrintedHtmlPage } from './html-pages'
export {
  type IngestOptions,
  type IngestPagesOptions,
  type IngestSummary,
  ingestFiling,
  ingestPages,
  type Stage,
} from './ingest'
export { countTrimmed, pagesFor, trimMatter } from './matter'
export { InputError } from './pdf'
export { type PagesReport, type ReadOptions, type ReadResult, readPages, readPagesFromData } from './read'
