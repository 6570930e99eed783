// A map that keeps only its most recently used entries: for what a build renders or reads once
// per group of pages (a sidebar's list per active path) and needs again only while that group's
// pages go by. Keeping every group's to the end made the memory of a build grow with the number of
// groups; an entry let go is simply made again if asked for later.

/**
 * Sidebar list renders kept per sidebar (src/ssr/sidebar-lists.tsx), and their scans
 * (build/render/make-page.ts). A build renders pages in route order, so the pages of one active
 * path (one folder) come together and a render is needed again only once they are done; keeping
 * every render held one full list per category to the end of the build, ~70 MB at 10 000 pages
 * in 400 folders. A page whose render was let go gets it again from React: the same bytes, a
 * little later.
 */
export const KEPT_RENDERS = 8;

export class RecentMap<K, V> {
  // A Map keeps insertion order: the first entry is the least recently used.
  private readonly entries = new Map<K, V>();

  constructor(private readonly limit: number) {}

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value!);
  }
}
