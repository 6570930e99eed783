// Parts of the page that no navigation changes and that hold nothing to operate but links (the
// footer, the page-not-found text). The server renders them; the browser keeps the HTML it was
// given, so their code and their texts are not in the first-load bundle. Callers write
// `onServer ? <Content /> : null`: the browser bundle defines process.env.SG_BROWSER
// (build/render/bundle.ts), which turns the branch into null and drops the content's code.
import { useState, type ReactNode } from 'react';

/** True in the server render (and in tests that render without a bundle); false in the browser bundle. */
export const onServer = !process.env.SG_BROWSER;

/** The HTML each island had when the page was loaded, read once: a later remount finds its element gone. */
const kept = new Map<string, string>();

function keptHtml(name: string): string {
  let html = kept.get(name);
  if (html === undefined) {
    html = document.querySelector(`[data-island="${name}"]`)?.innerHTML ?? '';
    kept.set(name, html);
  }
  return html;
}

interface Props {
  /**
   * How the browser finds the HTML the server rendered (a data-island attribute, not an id: a
   * heading in the content may have any id).
   */
  name: string;
  as: 'div' | 'footer';
  className: string;
  /** The content, on the server only. */
  children: ReactNode;
}

export function StaticIsland({ name, as: Tag, className, children }: Props) {
  const [html] = useState(() => (onServer ? '' : keptHtml(name)));
  if (onServer) return <Tag data-island={name} className={className}>{children}</Tag>;
  return <Tag data-island={name} className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
