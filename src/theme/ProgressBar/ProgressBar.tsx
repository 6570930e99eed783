// A thin bar at the top while the next page loads; it only appears when loading takes longer
// than the configured delay (200 ms), so fast navigations show nothing at all.
import { useEffect, useState } from 'react';
import { useNavigation } from '../../contexts/navigation.tsx';
import { useSiteConfig } from '../../contexts/site-config.tsx';

export function ProgressBar() {
  const { status } = useNavigation();
  const { layout } = useSiteConfig();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (status !== 'loading') {
      setVisible(false);
      return;
    }
    const timer = window.setTimeout(() => setVisible(true), layout.progressDelayMs);
    return () => window.clearTimeout(timer);
  }, [status, layout.progressDelayMs]);
  if (!visible) return null;
  return <div className="progress-bar" role="progressbar" aria-label="Загрузка страницы" aria-busy="true"><div className="progress-bar__fill" /></div>;
}
