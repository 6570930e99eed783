// The one order the engine sorts names in: by UTF-16 code unit, as Array.prototype.sort() does
// without a comparator, so that lists, hashes and output are the same on every machine (a
// locale's collation is not: see build/model/sidebars.ts).
export const byCodeUnit = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
