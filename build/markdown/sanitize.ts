// What raw HTML in Markdown may contain. The schema starts from GitHub's (hast-util-sanitize's
// default) and widens it for the structure our own directives produce (tabs, admonitions,
// themed images); it never lets through <script>, <style>, event handlers or javascript: URLs.
import { defaultSchema } from 'rehype-sanitize';
import type { Options } from 'rehype-sanitize';

const base = defaultSchema.attributes ?? {};

export const sanitizeSchema: Options = {
  ...defaultSchema,
  // Heading ids are added after sanitising, and our own ids must stay as written.
  clobberPrefix: '',
  clobber: [],
  tagNames: [...(defaultSchema.tagNames ?? []), 'aside', 'button', 'section', 'figure', 'figcaption', 'mark', 'abbr', 'u'],
  attributes: {
    ...base,
    '*': [...(base['*'] ?? []), 'className', 'id', 'role', 'hidden', 'tabIndex', 'title', 'lang', 'dir',
      'ariaLabel', 'ariaLabelledBy', 'ariaControls', 'ariaSelected', 'ariaHidden', 'ariaDescribedBy',
      'data*'],
    // GitHub's schema allows one class on links (footnotes'); the themed image's links add theirs.
    a: [...(base.a ?? []).filter((d) => !(Array.isArray(d) && d[0] === 'className')),
      ['className', 'data-footnote-backref', 'themed-image-link', 'themed-image-link--light', 'themed-image-link--dark']],
    img: [...(base.img ?? []), 'loading', 'decoding', 'width', 'height', 'alt', 'src', 'className'],
    button: ['type'],
    // Any class on code: Prism's language-* and our own inline-code modifiers.
    code: ['className'],
  },
  // An image may be inline (`data:image/png;base64,…`), as in Docusaurus: in an <img> it runs nothing, and the CSP allows it.
  protocols: { ...defaultSchema.protocols, href: ['http', 'https', 'mailto', 'tel'], src: ['http', 'https', 'data'] },
};
