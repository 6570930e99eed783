// The admonition kinds this generator draws (build/markdown/directives.ts), and what the other
// kinds Docusaurus has known over its versions become.
import { ADMONITION_TITLES } from '../markdown/directives.ts';

export const ADMONITION_KINDS = Object.keys(ADMONITION_TITLES);

/** Docusaurus 2's `secondary` and `success`, and `Admonition type="…"` values, in our kinds. */
const OTHER_KINDS: Record<string, string> = { secondary: 'note', success: 'tip', error: 'danger', attention: 'warning' };

/** Our kind for a Docusaurus admonition type; `note` when there is no close one. */
export function admonitionKind(type: string): string {
  const t = type.toLowerCase();
  return ADMONITION_KINDS.includes(t) ? t : OTHER_KINDS[t] ?? 'note';
}
