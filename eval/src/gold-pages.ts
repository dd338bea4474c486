/**
 * A question's gold as printed page labels, the numbering citations use. S-1 sets give labels;
 * FinanceBench gives physical PDF pages, so a cited label is on a gold page when the stored page of
 * that label runs over an evidence page (a printed page may span two PDF pages, as a chunk's
 * `pdfPages` does for retrieval's `coversGold`). Pure: the pages are read by the caller.
 */
import type { PageRecord } from '@asks1/shared/contract/chunk'
import type { EvalQuestion } from './questions'

/** The printed labels whose physical pages include one of `pdfPages`, in document order. */
export function labelsOnPdfPages(
  pages: readonly Pick<PageRecord, 'label' | 'pdfPages'>[],
  pdfPages: readonly number[],
): string[] {
  const labels = pages.filter((p) => p.pdfPages.some((n) => pdfPages.includes(n))).map((p) => p.label)
  return [...new Set(labels)]
}

/** The gold pages a citation is scored against: labels as given, or the labels of the PDF pages. */
export function goldLabels(
  gold: EvalQuestion['gold'],
  pages: readonly Pick<PageRecord, 'label' | 'pdfPages'>[],
): string[] {
  return gold.by === 'label' ? [...gold.pages] : labelsOnPdfPages(pages, gold.pages)
}
