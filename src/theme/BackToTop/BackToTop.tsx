// Appears after the reader scrolls down; scrolls back by covering a fixed share of the
// remaining distance each frame (the spec's factor 0.85), which eases out naturally.
import { useEffect, useState } from 'react';
import { useSiteConfig } from '../../contexts/site-config.tsx';
import { ArrowUpIcon } from '../Icons/Icons.tsx';

const SHOW_AFTER_PX = 300;

export function smoothScrollToTop(factor: number) {
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
    window.scrollTo(0, 0);
    return;
  }
  let frame = 0;
  const cancel = () => cancelAnimationFrame(frame);
  const step = () => {
    const y = window.scrollY;
    if (y < 1) {
      window.removeEventListener('wheel', cancel);
      return;
    }
    window.scrollTo(0, Math.floor(y * (1 - factor)));
    frame = requestAnimationFrame(step);
  };
  window.addEventListener('wheel', cancel, { once: true, passive: true });
  frame = requestAnimationFrame(step);
}

export function BackToTop() {
  const { layout } = useSiteConfig();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const onScroll = () => setShown(window.scrollY > SHOW_AFTER_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return (
    <button type="button" className={`back-to-top icon-button${shown ? ' back-to-top--shown' : ''}`} aria-label="Наверх" title="Наверх"
      tabIndex={shown ? 0 : -1} aria-hidden={!shown} onClick={() => smoothScrollToTop(layout.scrollFactor)}>
      <ArrowUpIcon />
    </button>
  );
}
