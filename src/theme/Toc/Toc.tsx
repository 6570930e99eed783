// The table of contents: a sticky column on wide screens, a collapsible "Содержание" above the
// content on narrow ones (CSS decides which shows; both are in the HTML).
import { useState } from 'react';
import type { TocItem } from '../../data/types.ts';
import { useActiveHeading } from '../../hooks/use-active-heading.ts';
import { ChevronIcon } from '../Icons/Icons.tsx';

interface TreeItem extends TocItem {
  children: TreeItem[];
}

function toTree(items: TocItem[]): TreeItem[] {
  const roots: TreeItem[] = [];
  const stack: TreeItem[] = [];
  for (const item of items) {
    const node: TreeItem = { ...item, children: [] };
    while (stack.length && stack[stack.length - 1].level >= node.level) stack.pop();
    (stack.length ? stack[stack.length - 1].children : roots).push(node);
    stack.push(node);
  }
  return roots;
}

function TocList({ items, active, onPick }: { items: TreeItem[]; active?: string; onPick?: () => void }) {
  return (
    <ul className="toc__list">
      {items.map((item) => (
        <li key={item.id}>
          <a href={`#${item.id}`} className={`toc__link${item.id === active ? ' toc__link--active' : ''}`} aria-current={item.id === active ? 'location' : undefined} onClick={onPick}>
            {item.text}
          </a>
          {item.children.length > 0 && <TocList items={item.children} active={active} onPick={onPick} />}
        </li>
      ))}
    </ul>
  );
}

export function Toc({ items }: { items: TocItem[] }) {
  const active = useActiveHeading(items);
  return (
    <nav className="toc" aria-label="Содержание страницы">
      <p className="toc__title">На этой странице</p>
      <TocList items={toTree(items)} active={active} />
    </nav>
  );
}

export function TocCollapsible({ items }: { items: TocItem[] }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="toc-collapsible" data-open={open || undefined}>
      <button type="button" className="toc-collapsible__toggle" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        Содержание <ChevronIcon className="toc-collapsible__chevron" />
      </button>
      {open && (
        <nav aria-label="Содержание страницы">
          <TocList items={toTree(items)} onPick={() => setOpen(false)} />
        </nav>
      )}
    </div>
  );
}
