// A navbar dropdown: a button that opens a list of links; closes on Escape, outside click and choice.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { ChevronIcon } from '../Icons/Icons.tsx';

export interface DropdownItem {
  label: string;
  href: string;
  active?: boolean;
  lang?: string;
  onSelect?: () => void;
}

export function Dropdown({ label, icon, items, ariaLabel }: { label: string; icon?: ReactNode; items: DropdownItem[]; ariaLabel: string }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const id = useId();
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        ref.current?.querySelector('button')?.focus();
      }
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  return (
    <div className="dropdown" ref={ref} data-open={open || undefined}>
      <button type="button" className="dropdown__toggle navbar__link" aria-haspopup="true" aria-expanded={open} aria-controls={id} aria-label={ariaLabel} onClick={() => setOpen((o) => !o)}>
        {icon}
        <span>{label}</span>
        <ChevronIcon className="dropdown__chevron" />
      </button>
      <ul className="dropdown__menu" id={id} hidden={!open}>
        {items.map((item) => (
          <li key={item.href + item.label}>
            <a className={`dropdown__link${item.active ? ' dropdown__link--active' : ''}`} href={item.href} lang={item.lang} aria-current={item.active ? 'true' : undefined}
              onClick={() => {
                item.onSelect?.();
                setOpen(false);
              }}>
              {item.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
