// The output folder is built beside the real one and swapped in only when everything passed,
// so a failed build leaves the previous dist/ exactly as it was.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export function stagingDirFor(outDir: string): string {
  return path.join(path.dirname(outDir), `.${path.basename(outDir)}-staging-${process.pid}`);
}

export function prepareStaging(staging: string): void {
  madeDirs.clear();
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
}

const madeDirs = new Set<string>();

export function writeOut(root: string, rel: string, content: string | Buffer): void {
  const file = path.join(root, rel);
  const dir = path.dirname(file);
  if (!madeDirs.has(dir)) {
    mkdirSync(dir, { recursive: true });
    madeDirs.add(dir);
  }
  writeFileSync(file, content);
}

export function copyStatic(staticDir: string, staging: string): void {
  if (existsSync(staticDir)) cpSync(staticDir, staging, { recursive: true });
}

/**
 * Two renames put the new output in place. Deleting the old tree (thousands of files) is left
 * to a detached `rm` so the build does not wait for it.
 */
export function swapInto(staging: string, outDir: string): void {
  const old = `${staging}-old`;
  if (existsSync(outDir)) renameSync(outDir, old);
  renameSync(staging, outDir);
  if (existsSync(old)) spawn('rm', ['-rf', old], { detached: true, stdio: 'ignore' }).unref();
}

export function discardStaging(staging: string): void {
  rmSync(staging, { recursive: true, force: true });
}
