// Copying text, for the code blocks' buttons and "Скопировать как Markdown".
// Loaded when first needed; this import keeps the code it shares with the app in the app's chunk.
import './shared-chunk.ts';
/** Writes text to the clipboard; where the Clipboard API is missing or refused (older browsers, insecure origins), through a selection. */
export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    if (!ok) throw new Error('the browser refused to copy');
  }
}
