import {
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  useEffect,
  useId,
  useImperativeHandle,
  useRef,
  useState,
} from 'react';

export interface MenuItem {
  /** What the item says (its accessible name). */
  label: ReactNode;
  onSelect: () => void;
  disabled?: boolean;
  /** A destructive item (Delete) is drawn as one. */
  danger?: boolean;
}

export interface MenuButtonProps {
  /** The button's accessible name ("Actions for Review"). */
  label: string;
  /** What the button shows (e.g. "⋯"); the label when left out. */
  children?: ReactNode;
  items: MenuItem[];
  /** The button itself, for whoever hands the focus back to it (after an edit in place). */
  buttonRef?: Ref<HTMLButtonElement>;
}

/**
 * A menu button as WAI-ARIA's pattern has it: the button opens a `menu` of `menuitem`s with the
 * focus on the first; ArrowDown/ArrowUp move (round), Home/End jump, Enter or Space or a click
 * choose, Escape closes and hands the focus back to the button; Tab or a click elsewhere closes.
 * Row actions live in one, so long labels ("Als nicht abrechenbar markieren") never squeeze the
 * row's text to nothing.
 */
export function MenuButton({ label, children, items, buttonRef }: MenuButtonProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  useImperativeHandle(buttonRef, () => button.current as HTMLButtonElement, []);

  useEffect(() => {
    if (!open) return;
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onPointer = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const close = (focusButton: boolean) => {
    setOpen(false);
    if (focusButton) button.current?.focus();
  };
  return (
    <span className="menu">
      <button
        ref={button}
        type="button"
        className="btn btn-ghost menu-button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        {children ?? label}
      </button>
      {open ? (
        <MenuList id={`${id}-menu`} label={label} items={items} listRef={menu} onClose={close} />
      ) : null}
    </span>
  );
}

interface MenuListProps {
  id: string;
  label: string;
  items: MenuItem[];
  listRef: Ref<HTMLDivElement>;
  /** Closes the menu; `true` hands the focus back to its button. */
  onClose: (focusButton: boolean) => void;
}

/** The open menu: its items and their keys (arrows round, Home/End, Escape back, Tab away). */
function MenuList({ id, label, items, listRef, onClose }: MenuListProps) {
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const all = Array.from(e.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]'));
    const at = all.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      e.preventDefault();
      all[(to + all.length) % all.length]?.focus();
    };
    if (e.key === 'ArrowDown') move(at + 1);
    else if (e.key === 'ArrowUp') move(at - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(all.length - 1);
    else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onClose(true);
    } else if (e.key === 'Tab') onClose(false);
  };
  return (
    <div ref={listRef} id={id} role="menu" aria-label={label} className="menu-list" onKeyDown={onKey}>
      {items.map((item, i) => (
        <button
          // biome-ignore lint/suspicious/noArrayIndexKey: the items are fixed for as long as the menu is open
          key={i}
          type="button"
          role="menuitem"
          tabIndex={-1}
          className={item.danger ? 'menu-item menu-item-danger' : 'menu-item'}
          disabled={item.disabled}
          onClick={() => {
            onClose(true);
            item.onSelect();
          }}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}
