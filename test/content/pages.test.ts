// Every documentation route of the spec exists as a real page: titled, long enough, with
// highlighted examples whose language is named, in a sidebar, and without placeholder text.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { siteDist } from '../helpers/paths.ts';

const group = (base: string, pages: string[]) => pages.map((p) => `${base}/${p}`);
export const DOC_ROUTES = [
  '/info/introduction', '/info/terminology', '/info/toolset',
  '/tech-docs/components', '/tech-docs/installation-system-requirements',
  ...group('/tech-docs/rule-configuration', ['hosts', 'networks', 's2c-ie', 's2f-e', 's2s', 's2s-ie', 'security-groups']),
  ...group('/tech-docs/sgroups/api/v2', ['address-sg', 'cidr-sg-icmp-rules', 'cidr-sg-rules', 'fqdn-rules', 'ie-sg-sg-icmp-rules',
    'ie-sg-sg-rules', 'list-hosts', 'networks', 'rules', 'security-groups', 'sg-icmp-rules', 'sg-sg-icmp-rules', 'status', 'subnets', 'sync']),
  ...group('/tech-docs/sgroups', ['database', 'goose', 'installation-server', 'monitoring', 'tls-configuration-server']),
  ...group('/tech-docs/terraform', ['provider-terraform', 'spec-terraform', 'tls-configuration-terraform']),
  ...group('/tech-docs/to-nft', ['installation-agent', 'monitoring', 'tls-configuration-agent']),
  ...group('/tech-docs/to-nft/nftables', ['chains', 'config-base-rules', 'icmp-desciptions', 'ipset', 'rules-priority', 'verdict-statement']),
];
/** Overview and guide pages: 500 words at least. */
const GUIDES = new Set(['/info/introduction', '/info/toolset', '/tech-docs/components', '/tech-docs/sgroups/installation-server',
  '/tech-docs/to-nft/installation-agent', '/tech-docs/terraform/provider-terraform', '/tech-docs/sgroups/tls-configuration-server']);

const dist = siteDist();
const html = (route: string) => readFileSync(path.join(dist, route.slice(1), 'index.html'), 'utf8');
const mainOf = (doc: string) => doc.slice(doc.indexOf('<main'), doc.indexOf('</main>'));
const words = (fragment: string) =>
  fragment.replace(/<pre[\s\S]*?<\/pre>/g, ' ').replace(/<[^>]+>/g, ' ').replace(/&[a-z#0-9]+;/g, ' ').split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;

describe('documentation pages', () => {
  const sidebarHrefs = new Set<string>();
  for (const f of readdirSync(path.join(dist, '_data', 'sidebars')).filter((n) => n.endsWith('.json'))) {
    JSON.stringify(JSON.parse(readFileSync(path.join(dist, '_data', 'sidebars', f), 'utf8'))).replace(/"href":"([^"]+)"/g, (_, h: string) => {
      sidebarHrefs.add(h);
      return '';
    });
  }

  for (const route of DOC_ROUTES) {
    it(`${route} is a complete page`, () => {
      assert.ok(existsSync(path.join(dist, route.slice(1), 'index.html')), 'page exists');
      const doc = html(route);
      const main = mainOf(doc);
      const title = /<h1 class="doc-title">([^<]+)<\/h1>/.exec(main)?.[1] ?? '';
      assert.ok(title.length > 2, 'has a title');
      assert.match(doc, /<meta name="description" content="[^"]{40,}">/, 'has a meta description');
      const count = words(main);
      assert.ok(count >= (GUIDES.has(route) ? 500 : 250), `${count} words`);
      assert.ok(/<span class="token /.test(main), 'has a highlighted code block');
      const blocks = main.match(/<div class="code-block(?: [^"]*)?"[^>]*>/g) ?? [];
      for (const b of blocks) assert.match(b, /data-language="[a-z]+"/, `every code block names its language: ${b}`);
      assert.doesNotMatch(main, /\bTODO\b|\bTBD\b|lorem ipsum|заглушк/i);
      assert.ok(sidebarHrefs.has(route), 'registered in a sidebar');
    });
  }

  it('/markdown-page shows every supported Markdown feature', () => {
    const main = mainOf(html('/markdown-page'));
    for (const lang of ['bash', 'hcl', 'json', 'yaml', 'docker', 'sql', 'go', 'ini', 'diff']) assert.match(main, new RegExp(`data-language="${lang}"`), lang);
    for (const kind of ['note', 'tip', 'info', 'warning', 'danger']) assert.match(main, new RegExp(`admonition--${kind}`), kind);
    assert.match(main, /role="tablist"/);
    assert.match(main, /<table tabindex="0">/);
  });
});
