// Reading a URL or path that an author wrote or a request sent, percent-escapes decoded.

/** `decode(url)` (decodeURI or decodeURIComponent), or the URL as written when it holds a malformed escape. */
export function decodedBy(decode: (s: string) => string, url: string): string {
  try {
    return decode(url);
  } catch {
    return url;
  }
}
