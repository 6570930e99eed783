// Reading a URL or path that an author wrote or a request sent, percent-escapes decoded.

/** `decode(url)` (decodeURI or decodeURIComponent), or the URL as written when it holds a malformed escape. */
export function decodedBy(decode: (s: string) => string, url: string): string {
  try {
    return decode(url);
  } catch {
    return url;
  }
}

/**
 * A link as the file it points at and the rest, its query and fragment as written ('' when it
 * has neither): `./setup.md?tab=nginx#tls` → ['./setup.md', '?tab=nginx#tls']. Both go with the
 * page's route as written; the link check then checks the fragment against the page's ids.
 */
export function splitLinkTarget(url: string): [string, string] {
  const at = url.search(/[?#]/);
  return at === -1 ? [url, ''] : [url.slice(0, at), url.slice(at)];
}
