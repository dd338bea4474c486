/**
 * Sanitising a printed page's markup from an EDGAR HTML filing before it reaches a browser, with
 * sanitize-html (a maintained allow-list sanitiser): text, emphasis, alignment and tables survive
 * (rows, cells, spans, the rules under totals); scripts, links, images, forms, event handlers and
 * any style beyond layout do not. Filings are third-party documents: nothing in them is trusted.
 */
import sanitizeHtml from 'sanitize-html'

const LENGTH = /^-?\d+(\.\d+)?(px|pt|em|%)$/i
const RULE = /^\d+(\.\d+)?(px|pt)\s+(solid|double|dotted)(\s+#[0-9a-f]{3,6})?$/i

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'div',
    'span',
    'br',
    'b',
    'strong',
    'i',
    'em',
    'u',
    'sup',
    'sub',
    'small',
    'ul',
    'ol',
    'li',
    'blockquote',
    'pre',
    'table',
    'caption',
    'colgroup',
    'col',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'td',
    'th',
  ],
  // Headings become bold paragraphs: the panel has its own heading outline, the page's would break it.
  transformTags: Object.fromEntries(
    ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'center'].map((tag) => [
      tag,
      (_name: string, attribs: sanitizeHtml.Attributes) => ({
        tagName: 'p',
        attribs: {
          ...attribs,
          style: `${attribs.style ?? ''};${tag === 'center' ? 'text-align:center' : 'font-weight:bold'}`,
        },
      }),
    ]),
  ),
  allowedAttributes: {
    p: ['align', 'style'],
    div: ['align', 'style'],
    span: ['style'],
    table: ['style'],
    col: ['width'],
    tr: ['style'],
    td: ['colspan', 'rowspan', 'align', 'valign', 'style'],
    th: ['colspan', 'rowspan', 'align', 'valign', 'style'],
  },
  allowedStyles: {
    '*': {
      'text-align': [/^(left|right|center|justify)$/i],
      'vertical-align': [/^(top|middle|bottom|baseline)$/i],
      'font-weight': [/^(bold|normal|[1-9]00)$/i],
      'font-style': [/^(italic|normal)$/i],
      'text-indent': [LENGTH],
      'padding-left': [LENGTH],
      'margin-left': [LENGTH],
      'border-top': [RULE],
      'border-bottom': [RULE],
      'white-space': [/^nowrap$/i],
    },
  },
  // Anything not allowed is dropped with its tag but keeps its text (a <font> or <a> around words).
  disallowedTagsMode: 'discard',
  nonTextTags: ['style', 'script', 'textarea', 'option', 'noscript', 'title', 'head'],
}

export function sanitizePageHtml(raw: string): string {
  return sanitizeHtml(raw, OPTIONS)
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}
