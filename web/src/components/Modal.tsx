import { type ReactNode, useEffect, useRef } from 'react'

/**
 * A native modal <dialog>: the browser traps focus, closes on Escape, marks the rest of the page
 * inert and returns focus to the opener. A click on the backdrop closes it too.
 */
export function Modal({
  open,
  onClose,
  labelledBy,
  className,
  children,
}: {
  open: boolean
  onClose: () => void
  labelledBy: string
  className?: string
  children: ReactNode
}) {
  const ref = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    else if (!open && dialog.open) dialog.close()
  }, [open])
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a backdrop click is a pointer shortcut; the keyboard closes with Escape (native)
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      className={`modal ${className ?? ''}`}
      onClose={onClose}
      onClick={(e) => {
        if (e.target === ref.current) onClose()
      }}
    >
      {open && <div className="modal__body">{children}</div>}
    </dialog>
  )
}

/** The × that closes a dialog; it takes the focus first, so Enter or Escape closes at once. */
export function ModalCloseButton({ onClose, label = 'Close' }: { onClose: () => void; label?: string }) {
  return (
    // biome-ignore lint/a11y/noAutofocus: the dialog's first stop is its close button
    <button type="button" className="icon-button" onClick={onClose} autoFocus aria-label={label}>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </button>
  )
}
