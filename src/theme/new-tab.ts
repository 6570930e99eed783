// Links to other sites open in a new tab, as Docusaurus's and VitePress's do: in the chrome
// (navbar, sidebars, footer) and in the text (build/markdown/compile.ts). The stylesheet marks them
// with an arrow (the chrome) and words for screen readers (both; styles/layout.css).

/** A new tab for a link to another site, without giving that site a handle on this page (`noopener`). */
export const newTabProps = (href: string) => (/^https?:\/\//i.test(href) ? { target: '_blank', rel: 'noopener noreferrer' } : undefined);
