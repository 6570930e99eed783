// Links to other sites in the chrome (navbar, sidebars, footer) open in a new tab, as Docusaurus's
// do; the stylesheet marks them with an arrow and words for screen readers (styles/layout.css).

/** A new tab for a link to another site, without giving that site a handle on this page (`noopener`). */
export const newTabProps = (href: string) => (/^https?:/.test(href) ? { target: '_blank', rel: 'noopener noreferrer' } : undefined);
