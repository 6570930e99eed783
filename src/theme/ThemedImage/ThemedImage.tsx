// An image with a light and a dark source. Until the client knows the colour mode both are in
// the HTML and CSS shows the right one; after hydration only the current one is rendered.
import { useColorMode } from '../../contexts/color-mode.tsx';

export interface ThemedImageProps {
  sources: { light: string; dark: string };
  alt: string;
  className?: string;
  width?: number;
  height?: number;
}

export function ThemedImage({ sources, alt, className, width, height }: ThemedImageProps) {
  const { mode, known } = useColorMode();
  const variants = known ? [mode] : (['light', 'dark'] as const);
  return (
    <>
      {variants.map((v) => (
        // Lazy: the variant the colour mode hides (display: none) is then never downloaded.
        <img key={v} src={sources[v]} alt={alt} width={width} height={height} decoding="async" loading="lazy"
          className={['themed-image', `themed-image--${v}`, className].filter(Boolean).join(' ')} />
      ))}
    </>
  );
}
