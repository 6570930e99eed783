import { useColorMode } from '../../contexts/color-mode.tsx';
import { MoonIcon, SunIcon } from '../Icons/Icons.tsx';

export function ColorModeToggle() {
  const { mode, setMode, canSwitch } = useColorMode();
  if (!canSwitch) return null;
  const next = mode === 'dark' ? 'light' : 'dark';
  const label = next === 'light' ? 'Включить светлую тему' : 'Включить тёмную тему';
  return (
    <button type="button" className="icon-button color-mode-toggle" onClick={() => setMode(next)} aria-label={label} title={label}>
      {/* Both icons are rendered; CSS shows the one for the mode on <html>, so the server render is right before hydration. */}
      <SunIcon className="color-mode-toggle__sun" />
      <MoonIcon className="color-mode-toggle__moon" />
    </button>
  );
}
