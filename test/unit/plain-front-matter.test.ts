// build/model/plain-front-matter.ts reads plain `key: value` front matter without the YAML
// library. Whatever it accepts must read exactly as YAML reads it (values, types, key lines);
// anything else must be left to YAML (undefined).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { isMap, isScalar, parseDocument } from 'yaml';
import { readPlainFrontMatter } from '../../build/model/plain-front-matter.ts';
import { projectRoot } from '../helpers/paths.ts';

/** What the YAML library reads: the values, and each key's line (1-based) in the text. */
function yamlReading(text: string): { data: unknown; lines: Map<string, number> } {
  const doc = parseDocument(text);
  const lines = new Map<string, number>();
  if (isMap(doc.contents)) {
    for (const pair of doc.contents.items) {
      if (isScalar(pair.key) && pair.key.range) lines.set(String(pair.key.value), text.slice(0, pair.key.range[0]).split('\n').length);
    }
  }
  return { data: doc.toJS(), lines };
}

function assertSameAsYaml(text: string): boolean {
  const plain = readPlainFrontMatter(text);
  if (!plain) return false;
  const yaml = yamlReading(text);
  assert.deepEqual(plain.data, yaml.data, `values of:\n${text}`);
  assert.deepEqual(plain.lines, yaml.lines, `key lines of:\n${text}`);
  return true;
}

const FENCE = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---/;
const docsFrontMatter = (dir: string) => readdirSync(dir, { recursive: true, encoding: 'utf8' })
  .filter((rel) => rel.endsWith('.md'))
  .map((rel) => FENCE.exec(readFileSync(path.join(dir, rel), 'utf8'))?.[1])
  .filter((t): t is string => t !== undefined);

describe('plain front matter', () => {
  it('reads the usual forms as YAML does: text, integers, booleans, lists of text', () => {
    const usual = [
      'title: Страница 1\nsidebar_position: 1',
      'title: Что такое SGroups\nsidebar_label: Введение\ndescription: SGroups — открытый межсетевой экран.\nkeywords:\n  - SGroups\n  - host based firewall',
      'draft: true\nunlisted: false\nsidebar_position: -2\ntitle: 007',
      'tags:\n- a\n- b\ntitle: x',
      'slug: /tech-docs/sgroups/api/v2/sync\nhide_table_of_contents: true',
      'title: "GET /v2/{address}/sg — Security Group по IP-адресу"\ndescription: \'В API v2 нет «хоста»: только группы.\'',
      'keywords: [sgroups, PostgreSQL, схема базы данных, LISTEN]\ntags: [обзор]',
    ];
    for (const text of usual) assert.ok(assertSameAsYaml(text), `not read:\n${text}`);
  });

  it('leaves to YAML every value it could read differently', () => {
    const others = [
      'title: "a\\"b"', "title: 'it''s'", 'title: "a" b', 'title: "a\\nb"', 'keywords: [a, "b"]', 'keywords: [1, 2]', 'keywords: [a, [b]]',
      'keywords: [a, , b]', 'keywords: []', 'keywords: [a: b]', 'keywords: [a, true]', 'title: 1.5', 'title: 1e3', 'title: .5', 'title: 0x1F', 'title: 0o17', 'title: null', 'title: ~', 'title: True', 'title: FALSE',
      'title: .inf', 'title: -.inf', 'title: .nan', 'title:', 'title: a: b', 'title: a #comment',
      'title: {a: 1}', 'title: |\n  text', 'title: >\n  text', 'title: &anchor x', 'title: *alias', 'title: !tag x',
      'title: x ', 'title: x\r', 'title: x\ntitle: y', '# comment\ntitle: x', 'title: x\n\ndescription: y', '  title: x',
      'title: first\n  continued', 'keywords:\n  - a\n    - b', 'keywords:\n  - 1', 'keywords:\n  - a: b', 'keywords:\n  - a\n - b',
      'title: -x', 'title: +x', 'title: @x', 'title: `x`', 'title: %x', 'title: ?x', 'title: ,x', 'title: 99999999999999999999',
      'last_update:\n  date: 2025-01-31', 'title: C# и F#',
    ];
    for (const text of others) assert.equal(readPlainFrontMatter(text), undefined, `read:\n${text}`);
  });

  it('reads what it takes of this site\'s docs and a generated corpus exactly as YAML does', () => {
    const corpus = [...docsFrontMatter(path.join(projectRoot, 'docs')), ...docsFrontMatter(path.join(projectRoot, 'test', 'fixtures'))];
    const read = corpus.filter(assertSameAsYaml).length;
    assert.ok(read >= corpus.length * 0.8, `read ${read} of ${corpus.length} without YAML`);
  });

  it('never reads a value otherwise than YAML: 5000 values made of the characters that matter', () => {
    const pieces = ['a', 'Б', ' ', ':', ': ', '#', ' #', '"', "'", '-', '- ', '1', '0', '.', 'e', '[', ']', ', ', ',', '\\', 'x', 'true', 'null', '~', '0x', '+', '{', '}', '&', '!', '|', '>', '%', '@', '`', '?', '\n  - ', '\n'];
    let seed = 7;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
    let read = 0;
    for (let i = 0; i < 5000; i++) {
      const value = Array.from({ length: 1 + random(6) }, () => pieces[random(pieces.length)]).join('');
      let text = `title: ${value}`;
      if (random(3) === 0) text = `keywords:\n  - ${value}`;
      if (random(3) === 0) text = `keywords: [${value}]`;
      if (assertSameAsYaml(text)) read++;
    }
    assert.ok(read > 200, `only ${read} of the values were read without YAML`);
  });
});
