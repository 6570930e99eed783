// The search engine in the browser: reads the manifest once, then for each query only the
// shards its terms fall into, ranks pages by the precomputed BM25F weights times IDF, and
// describes the results shown (section, heading, snippet) from their page fragments.
import { FORMAT_VERSION, fragmentPath, MANIFEST_PATH, prefixEnd, Shard, shardsFor, type Fragment, type SearchManifest } from './format.ts';
import { compile, exactLookups, FACTOR, LETTERS, matchFactor, needsRange, TextMatcher, type Matcher } from './match.ts';
import { describeFragment, type ResultItem } from './snippet.ts';
import { editDistance, normaliseCase, stemOfTypedWord, typoBudget } from './typos.ts';
import { parseQuery, type QueryTerm } from './tokenize.ts';

export interface SearchHit {
  page: number;
  score: number;
}

export interface SearchResult {
  query: string;
  terms: QueryTerm[];
  /** Pages in rank order. */
  hits: SearchHit[];
  /** No page has every term: these pages have some of them. */
  partial: boolean;
  /** Highlights the query's words in result text (shared by the results of one query). */
  text: TextMatcher;
}

/**
 * The server has an index of another format than this page's code reads: the site was deployed
 * again since the page was loaded. Only loading the page again helps.
 */
export class OutdatedIndexError extends Error {
  constructor() {
    super('Документация обновилась. Перезагрузите страницу, чтобы искать по новой версии.');
    this.name = 'OutdatedIndexError';
  }
}

/** At most this many index terms complete one prefix (the most frequent are kept). */
const MAX_EXPANSIONS = 64;
const MAX_HITS = 200;
/** How much a heading with all the query's words lifts a result among those shown. */
const HEADING_BOOST = 0.5;

type Fetcher = (url: string, init?: RequestInit) => Promise<Response>;

export class SearchEngine {
  private manifest?: Promise<SearchManifest>;
  private shards = new Map<string, Promise<Shard>>();
  private fragments = new Map<number, Promise<Fragment>>();

  constructor(private readonly base = '/', private readonly fetcher: Fetcher = (u, i) => fetch(u, i)) {}

  private async get(path: string, init?: RequestInit): Promise<Response> {
    const res = await this.fetcher(`${this.base}${path}`, init);
    if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
    return res;
  }

  /** Forgets everything loaded: the next query starts from a fresh manifest (a new deploy). */
  reset(): void {
    this.manifest = undefined;
    this.shards.clear();
    this.fragments.clear();
  }

  /** The manifest, fetched once per engine (revalidated: a new deploy brings a new one). */
  load(): Promise<SearchManifest> {
    this.manifest ??= this.get(MANIFEST_PATH, { cache: 'no-cache' }).then(async (r) => {
      const manifest = await r.json() as SearchManifest;
      if (manifest.v !== FORMAT_VERSION) throw new OutdatedIndexError();
      return manifest;
    });
    this.manifest.catch(() => {
      this.manifest = undefined;
    });
    return this.manifest;
  }

  private shard(file: string): Promise<Shard> {
    let p = this.shards.get(file);
    if (!p) {
      p = this.get(file).then(async (r) => new Shard(new Uint8Array(await r.arrayBuffer())));
      p.catch(() => this.shards.delete(file));
      this.shards.set(file, p);
    }
    return p;
  }

  private async shardsOf(m: SearchManifest, from: string, to: string): Promise<Shard[]> {
    return Promise.all(shardsFor(m.shards, from, to).map((i) => this.shard(m.shards[i][1])));
  }

  /**
   * Sets `scores[page]` to the best match of a query term on each page: idf × weight × factor,
   * the weight being the page's quantised field-weighted term frequency. Every index term that
   * matches gets the IDF of the most common one, so a rare completion (`v2/sync/status`) does
   * not outrank the word as typed (`v2/sync`). Returns whether anything matched.
   */
  private async scoreTerm(m: SearchManifest, matcher: Matcher, scores: Float64Array): Promise<boolean> {
    const q = matcher.q;
    const lookups = new Set(exactLookups(matcher));
    const ranged = needsRange(matcher);
    const wanted = new Map<Shard, number[]>();
    const loads: Promise<void>[] = [];
    for (const t of lookups) loads.push(this.shardsOf(m, t, t).then((ss) => ss.forEach((s) => { const i = s.indexOf(t); if (i >= 0) add(wanted, s, i); })));
    if (ranged) {
      loads.push(this.shardsOf(m, q.term, prefixEnd(q.term)).then((ss) => ss.forEach((s) => s.withPrefix(q.term).forEach((i) => add(wanted, s, i)))));
    }
    await Promise.all(loads);
    let candidates: { shard: Shard; i: number; factor: number }[] = [];
    for (const [shard, idx] of wanted) {
      for (const i of new Set(idx)) {
        const factor = matchFactor(matcher, shard.terms[i]);
        if (factor > 0) candidates.push({ shard, i, factor });
      }
    }
    if (candidates.length === 0 && matcher.word) candidates = await this.typoCandidates(m, matcher);
    if (candidates.length > MAX_EXPANSIONS) {
      candidates = candidates.sort((a, b) => b.factor - a.factor || b.shard.df(b.i) - a.shard.df(a.i)).slice(0, MAX_EXPANSIONS);
    }
    const n = m.pages;
    const df = Math.max(0, ...candidates.map(({ shard, i }) => shard.df(i)));
    // ln(1 + N/df): unlike BM25's, it keeps a word that most pages have worth something, which
    // matters on a small site (on 45 pages `агент` is on 40, yet it decides `установка агента`).
    const idf = Math.log(1 + n / Math.max(1, df));
    for (const { shard, i, factor } of candidates) {
      const { ids, weights } = shard.postings(i);
      const k = (idf * factor) / 255;
      for (let j = 0; j < ids.length; j++) {
        const s = weights[j] * k;
        if (s > scores[ids[j]]) scores[ids[j]] = s;
      }
    }
    return candidates.length > 0;
  }

  /**
   * A word that matched no index term: the terms of its first letter a typo or two away
   * (typos.ts), the nearest only, marked on the matcher so that snippets highlight them too.
   */
  private async typoCandidates(m: SearchManifest, matcher: Matcher): Promise<{ shard: Shard; i: number; factor: number }[]> {
    const { term, prefix, raw } = matcher.q;
    const word = normaliseCase(raw);
    const max = typoBudget(word);
    if (max === 0) return [];
    let found: { shard: Shard; i: number; d: number }[] = [];
    for (const shard of await this.shardsOf(m, term[0], prefixEnd(term[0]))) {
      for (const i of shard.withPrefix(term[0])) {
        const t = shard.terms[i];
        if (!LETTERS.test(t)) continue;
        const d = Math.min(editDistance(term, t, max, prefix), stemOfTypedWord(t, word, max));
        if (d <= max) found.push({ shard, i, d });
      }
    }
    const nearest = Math.min(...found.map((f) => f.d));
    found = found.filter((f) => f.d === nearest);
    matcher.typos = new Set(found.map(({ shard, i }) => shard.terms[i]));
    return found.map(({ shard, i }) => ({ shard, i, factor: FACTOR.typo }));
  }

  async search(query: string): Promise<SearchResult> {
    const terms = parseQuery(query);
    const matchers = terms.map((q) => compile(q));
    if (terms.length === 0) return { query, terms, hits: [], partial: false, text: new TextMatcher(matchers) };
    const m = await this.load();
    const n = m.pages;
    const perTerm = await Promise.all(matchers.map(async (matcher, ti) => {
      const q = matcher.q;
      const scores = new Float64Array(n);
      if (await this.scoreTerm(m, matcher, scores)) return scores;
      if (!q.compound || q.parts.length === 0) return scores;
      // An address, network or port range (`10.0.0.0/8`, `8000-9000`) is one thing: a page that
      // merely contains its numbers somewhere is no match, and "nothing found" is the answer.
      if (q.parts.every((part) => /^\d+$/.test(part))) return scores;
      // A compound not indexed as written (`v2/syncs`): every part on the same page instead.
      matchers[ti] = compile(q, true);
      const parts = await Promise.all(q.parts.map(async (part) => {
        const s = new Float64Array(n);
        await this.scoreTerm(m, compile({ raw: part, term: part, compound: false, parts: [], prefix: false }), s);
        return s;
      }));
      for (let p = 0; p < n; p++) {
        let sum = 0;
        let all = true;
        for (const s of parts) {
          if (s[p] === 0) all = false;
          sum += s[p];
        }
        scores[p] = all ? (FACTOR.parts * sum) / parts.length : 0;
      }
      return scores;
    }));
    const rank = (requireAll: boolean): SearchHit[] => {
      const hits: SearchHit[] = [];
      for (let p = 0; p < n; p++) {
        let sum = 0;
        let matched = 0;
        for (const s of perTerm) {
          if (s[p] > 0) {
            matched++;
            sum += s[p];
          }
        }
        if (matched === 0 || (requireAll && matched < perTerm.length)) continue;
        hits.push({ page: p, score: requireAll ? sum : (sum * matched) / perTerm.length });
      }
      return hits.sort((a, b) => b.score - a.score || a.page - b.page).slice(0, MAX_HITS);
    };
    let hits = rank(true);
    const partial = hits.length === 0 && terms.length > 1;
    if (partial) hits = rank(false);
    return { query, terms, hits, partial, text: new TextMatcher(matchers) };
  }

  fragment(page: number): Promise<Fragment> {
    let p = this.fragments.get(page);
    if (!p) {
      p = this.load().then((m) => this.get(fragmentPath(m, page))).then((r) => r.json() as Promise<Fragment>);
      p.catch(() => this.fragments.delete(page));
      this.fragments.set(page, p);
    }
    return p;
  }

  /**
   * Describes hits [from, to) and orders them again with what only the fragments tell: a page
   * whose section heading has all the query's words (`порядок создания и удаления`) comes
   * before one that has them scattered. Hits whose fragment failed to load are left out.
   */
  async describeRange(result: SearchResult, from: number, to: number): Promise<ResultItem[]> {
    const hits = result.hits.slice(from, to);
    const settled = await Promise.allSettled(hits.map((h) => this.describe(result, h)));
    return settled
      .flatMap((s, i) => (s.status === 'fulfilled' ? [{ item: s.value, score: hits[i].score * (1 + HEADING_BOOST * s.value.headingMatch) }] : []))
      .sort((a, b) => b.score - a.score)
      .map((x) => x.item);
  }

  /** Title, best section, heading and snippet of one hit. */
  async describe(result: SearchResult, hit: SearchHit): Promise<ResultItem> {
    const fragment = await this.fragment(hit.page);
    return describeFragment(fragment, result.text, hit.page);
  }
}

function add(map: Map<Shard, number[]>, shard: Shard, i: number) {
  const list = map.get(shard);
  if (list) list.push(i);
  else map.set(shard, [i]);
}
