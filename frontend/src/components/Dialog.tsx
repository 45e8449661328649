import { type ReactNode, useEffect, useId, useRef } from 'react';

export interface DialogProps {
  open: boolean;
  /** Called on Escape and on the backdrop; the owner decides whether to close. */
  onClose: () => void;
  title: ReactNode;
  children?: ReactNode;
  /** Buttons row at the bottom. */
  actions?: ReactNode;
  className?: string;
}

/**
 * A modal on the native <dialog>: focus trapping, Escape and the top layer come from the browser.
 * Where showModal is missing (jsdom), the dialog is simply opened in place.
 */
export function Dialog({ open, onClose, title, children, actions, className }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const el = ref.current;
    if (!open || !el) return;
    // The dialog unmounts when closed, so the browser cannot hand focus back by itself.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!el.open) {
      if (typeof el.showModal === 'function') el.showModal();
      else {
        // What showModal does for focus, where it is missing.
        el.setAttribute('open', '');
        el.querySelector<HTMLElement>('input, select, textarea, button, [href], [tabindex]')?.focus();
      }
    }
    return () => {
      if (el.open && typeof el.close === 'function') el.close();
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className={['dialog', className ?? ''].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
      onCancel={(e) => {
        // Keep React the owner of `open`: the browser would close it on its own otherwise.
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === ref.current) onClose();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          onClose();
        }
      }}
    >
      <div className="dialog-body">
        <h2 id={titleId} className="dialog-title">
          {title}
        </h2>
        {children}
        {actions ? <div className="dialog-actions">{actions}</div> : null}
      </div>
    </dialog>
  );
}
