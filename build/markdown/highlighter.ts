// Prism through refractor, with only the languages the site config asks for registered:
// loading refractor's full set costs ~150 ms per worker and most of it would never be used.
import { refractor } from 'refractor/core';
import bash from 'refractor/bash';
import clike from 'refractor/clike';
import diff from 'refractor/diff';
import docker from 'refractor/docker';
import go from 'refractor/go';
import hcl from 'refractor/hcl';
import ini from 'refractor/ini';
import json from 'refractor/json';
import markup from 'refractor/markup';
import sql from 'refractor/sql';
import yaml from 'refractor/yaml';
import rehypePrismGenerator from 'rehype-prism-plus/generator';

const available = { bash, clike, diff, docker, go, hcl, ini, json, markup, sql, yaml } as const;
for (const syntax of Object.values(available)) refractor.register(syntax);

/** Fence languages that mean "no highlighting" and never warrant a warning. */
export const PLAIN_LANGUAGES = new Set(['text', 'txt', 'plaintext', 'plain', 'output', 'console']);

export function isKnownLanguage(lang: string): boolean {
  return PLAIN_LANGUAGES.has(lang) || refractor.registered(lang);
}

export const rehypePrism = rehypePrismGenerator(refractor);
