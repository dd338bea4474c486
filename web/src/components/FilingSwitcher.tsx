import type { FilingInfo } from '@asks1/shared/contract/api'
import { type MouseEvent, useEffect, useRef, useState } from 'react'
import { COMPANY_PARAM } from '../hooks/use-filing-selection'

export const formatFiled = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  })

/**
 * The list of filings: a sidebar on wide screens, a menu behind a button on phones (one list, laid
 * out by CSS). Entries are real links (`?company=<id>`), so they can be opened in a new tab or shared.
 */
export function FilingSwitcher({
  filings,
  shownId,
  onSelect,
}: {
  filings: FilingInfo[]
  shownId: string
  onSelect: (id: string) => void
}) {
  const [open, setOpen] = useState(false)
  const toggleRef = useRef<HTMLButtonElement>(null)
  const shown = filings.find((f) => f.id === shownId)
  // The phone menu closes on Escape (focus back on its button), like any menu.
  useEffect(() => {
    if (!open) return
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return
      setOpen(false)
      toggleRef.current?.focus()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [open])
  const choose = (e: MouseEvent<HTMLAnchorElement>, id: string) => {
    // A plain click switches in place; a modified click (new tab, new window) is left to the browser.
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return
    e.preventDefault()
    setOpen(false)
    if (id !== shownId) onSelect(id)
  }
  return (
    <nav className={`switcher ${open ? 'is-open' : ''}`} aria-label="Filings">
      <button
        ref={toggleRef}
        type="button"
        className="switcher__toggle"
        aria-expanded={open}
        aria-controls="filing-list"
        onClick={() => setOpen((o) => !o)}
      >
        <span className="switcher__toggle-label">Filing</span>
        <span className="switcher__toggle-value">
          {shown ? `${shown.company} · ${shown.form}` : 'Choose'}
        </span>
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      {open && (
        // A tap outside the open menu closes it, and goes no further: the backdrop takes it.
        // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: a pointer shortcut; the keyboard closes with Escape
        <div className="switcher__backdrop" data-testid="menu-backdrop" onClick={() => setOpen(false)} />
      )}
      <div className="switcher__panel">
        <h2 className="switcher__title">Filings</h2>
        <ul id="filing-list" className="switcher__list">
          {filings.map((f) => (
            <li key={f.id}>
              <a
                href={`?${COMPANY_PARAM}=${encodeURIComponent(f.id)}`}
                className="filing"
                aria-current={f.id === shownId ? 'page' : undefined}
                onClick={(e) => choose(e, f.id)}
              >
                <span className="filing__row">
                  <span className="filing__company">{f.company}</span>
                  <span className="ticker">{f.ticker}</span>
                </span>
                <span className="filing__meta">
                  {f.form} · filed {formatFiled(f.filed)}
                  {f.status === null && ' · not ingested yet'}
                </span>
              </a>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  )
}
