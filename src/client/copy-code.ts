// A code block's "Копировать" button: the code on the clipboard and a confirmation on the button
// for two seconds. Loaded by the first click (src/client/content-enhancers.ts).
import { copyText } from './clipboard.ts';
import './shared-chunk.ts';

export async function copyCode(button: HTMLButtonElement) {
  const code = button.closest('.code-block')?.querySelector('pre code');
  if (!code) return;
  try {
    await copyText(code.textContent ?? '');
  } catch {
    return;
  }
  const label = button.getAttribute('aria-label');
  button.textContent = 'Скопировано';
  button.setAttribute('aria-label', 'Код скопирован');
  button.dataset.copied = 'true';
  window.setTimeout(() => {
    button.textContent = 'Копировать';
    if (label) button.setAttribute('aria-label', label);
    delete button.dataset.copied;
  }, 2000);
}
