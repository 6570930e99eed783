// Runs the launcher's bundle (scripts/launch.mjs), its entry and chunks made CommonJS, as classic
// scripts, each with the code cache V8 made of it beside it (`entry.cjs.v8-code`, …). Without one,
// every build parses ~1 MB of engine and compiles each function the first time it runs: ~0.1 s of
// a one-page edit of the 1000-page corpus. A cache is written when the process ends, with every
// function compiled by then, and used by the next process that runs the same file; V8 checks
// that it was made by the same V8, with the same flags, from the same source, and compiles afresh
// otherwise (the cache is then written again).
import { isAscii } from 'node:buffer';
import { readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import vm from 'node:vm';

/**
 * The V8 flags the engine changes while it runs (build/v8-flags.ts), at V8's defaults. A code cache
 * records the flags its script was compiled under, and V8 refuses it under others: every file is
 * compiled, and every cache made, under these defaults. test/build/launcher.test.ts checks them
 * against `node --v8-options`, and that the engine sets no other.
 */
export const ENGINE_FLAG_DEFAULTS = { 'interrupt-budget': 67584, 'semi-space-growth-factor': 2, 'heap-growing-percent': 0, 'parallel-scavenge': true };

/**
 * A cache below this share of its file's size holds few of the file's functions (the process that
 * made it ran little of that file): it is made again at the end of a process that ran more.
 */
const THIN_CACHE_SHARE = 0.5;

/**
 * Runs `file` (CommonJS) and the files it requires by a relative name (its chunks), each with its
 * code cache, once each. `report` is told what became of each code cache (none yet, accepted, or
 * rejected by V8: another V8, other flags) and of each write (SG_LAUNCH_REPORT, for the tests).
 */
export function runCached(file, report = () => {}) {
  // V8 drops the bytecode of functions that have not run for a few collections; a cache made at
  // exit would then miss them (measured: a one-page edit left 0.6 MB of the pipeline's 1.15 MB).
  // Set before anything is compiled, so that every cache is made and checked under it.
  setFlagsFromString('--no-flush-bytecode');
  loadCached(file, report, true);
}

/**
 * require() of a CommonJS file the engine makes while it runs (the page renderer:
 * build/render/bundle.ts), with a code cache beside it as the engine's own files have. Not strict:
 * it is run as Node runs a required file. The file's name must change with its content (V8 checks
 * a cache against the source's length only).
 */
export function requireCached(file, report = () => {}) {
  return loadCached(file, report, false);
}

/** Files run so far, by path: each runs once, as Node's require() runs a file once. */
const loaded = new Map();

function loadCached(at, report, strict) {
  const known = loaded.get(at);
  if (known) return known.exports; // a chunk that requires one still running gets its exports so far, as Node's require does
  const module = { exports: {} };
  loaded.set(at, module);
  const nodeRequire = createRequire(at);
  const require = Object.assign((specifier) => (specifier.startsWith('./') ? loadCached(path.join(path.dirname(at), specifier), report, strict) : nodeRequire(specifier)), nodeRequire);
  compile(at, report, strict)(module.exports, require, module, at, path.dirname(at));
  return module.exports;
}

/** The function of a CommonJS file, from its code cache when V8 takes it; the cache is written at exit when it was missing, refused or thin. */
function compile(file, report, strict) {
  const bytes = readFileSync(file);
  // An ASCII source is read as one byte per character, which V8 scans faster than UTF-16.
  const source = isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
  const cacheFile = `${file}.v8-code`;
  let cachedData;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    // none yet
  }
  // The wrapper is on the source's first line, so that lines in stack traces stay the file's. The
  // engine's files are strict, as the ES modules they were made from.
  const script = underDefaultFlags(() => new vm.Script(`(function (exports, require, module, __filename, __dirname) {${strict ? '"use strict";' : ''}${source}\n})`, { filename: file, cachedData }));
  const state = !cachedData ? 'none' : script.cachedDataRejected ? 'rejected' : 'accepted';
  report(`${file} code cache ${state}`);
  const thin = state === 'accepted' && cachedData.length < THIN_CACHE_SHARE * bytes.length;
  if (state !== 'accepted' || thin) {
    process.once('exit', (code) => {
      // A process that failed may have run only a little of the engine: its cache would be thin.
      if (code === 0) saveCodeCache(script, cacheFile, thin ? cachedData.length : 0, (m) => report(`${file} ${m}`));
    });
  }
  return script.runInThisContext();
}

/** The flags the engine set so far (build/v8-flags.ts), by name. */
const engineFlags = () => globalThis[Symbol.for('sgroups.v8.flags')] ?? new Map();

/** A flag at its default: `--name=value`, or `--name` / `--no-name` for a boolean. */
const flagAt = (name, value) => (value === true ? `--${name}` : value === false ? `--no-${name}` : `--${name}=${value}`);
const defaultsOf = (names) => names.map((name) => flagAt(name, ENGINE_FLAG_DEFAULTS[name])).join(' ');

/**
 * Runs `compile` under V8's defaults of the flags the engine set (a chunk loaded after the engine
 * tuned V8, as the pipeline is, would otherwise be compiled, and its cache checked, under other flags
 * than those it was made under), then sets them again.
 */
function underDefaultFlags(compile) {
  const applied = engineFlags();
  if (applied.size === 0) return compile();
  setFlagsFromString(defaultsOf([...applied.keys()]));
  try {
    return compile();
  } finally {
    setFlagsFromString([...applied.values()].join(' '));
  }
}

/** Writes the script's code cache if it holds more than `atLeast` bytes; never fails the process. */
function saveCodeCache(script, cacheFile, atLeast, report) {
  const tmp = `${cacheFile}.${process.pid}.tmp`;
  try {
    setFlagsFromString(defaultsOf(Object.keys(ENGINE_FLAG_DEFAULTS)));
    const data = script.createCachedData();
    if (data.length <= atLeast) return;
    // Written aside and renamed: a process reading it meanwhile sees the old cache or the new one.
    writeFileSync(tmp, data);
    renameSync(tmp, cacheFile);
    report(`code cache written (${statSync(cacheFile).size} bytes)`);
  } catch {
    rmSync(tmp, { force: true }); // a cache that cannot be written costs speed, not the build
  }
}
