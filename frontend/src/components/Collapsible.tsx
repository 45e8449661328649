import { type ReactNode, useId, useState } from 'react';

export interface CollapsibleProps {
  title: ReactNode;
  children: ReactNode;
  defaultOpen?: boolean;
  className?: string;
}

/** A section whose heading button shows and hides its content (aria-expanded). */
export function Collapsible({ title, children, defaultOpen = true, className }: CollapsibleProps) {
  const [open, setOpen] = useState(defaultOpen);
  const contentId = useId();
  return (
    <section className={['collapsible', className ?? ''].filter(Boolean).join(' ')}>
      <h2 className="collapsible-heading">
        <button
          type="button"
          className="collapsible-toggle"
          aria-expanded={open}
          aria-controls={contentId}
          onClick={() => setOpen((o) => !o)}
        >
          <span className="collapsible-chevron" aria-hidden="true">
            {open ? '▾' : '▸'}
          </span>
          {title}
        </button>
      </h2>
      <div id={contentId} hidden={!open} className="collapsible-content">
        {children}
      </div>
    </section>
  );
}
