// The content lint itself: a fixture page with one wrong name of each kind and a hedging phrase
// gets exactly the expected messages, pages and lines; a page of correct names gets none.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { formatProblem, lintPage, rolesOf, type PageRoles } from './lint/index.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = (name: string) => readFileSync(path.join(here, 'fixtures', 'lint', name), 'utf8');
const BOTH: PageRoles = { api: true, monitoring: true };
const lint = (text: string, roles: PageRoles = BOTH, file = 'page.md') => lintPage(file, text, roles).map(formatProblem);

describe('content lint on the fixture pages', () => {
  it('reports each wrong name with page, line, the name and the nearest known name', () => {
    assert.deepEqual(lint(fixture('wrong.md'), BOTH, 'fixtures/lint/wrong.md'), [
      'fixtures/lint/wrong.md:15: [json] unknown API v2 field "sgFom" — did you mean "sgFrom"?',
      'fixtures/lint/wrong.md:18: [json] "ACCEPTT" is not a value of RuleAction (field "action") — did you mean "ACCEPT"?',
      'fixtures/lint/wrong.md:31: [hcl] unknown attribute "sg_too" in sgroups_rules.items[…] — did you mean "sg_to"?',
      'fixtures/lint/wrong.md:39: [yaml] unknown agent config key "graceful-shutdown" — did you mean "graceful-schutdown"?',
      'fixtures/lint/wrong.md:46: [metric] metric "agent_aplied_configs" is not exposed by the server or the agent — did you mean "agent_applied_configs"?',
      'fixtures/lint/wrong.md:48: [hedging] hedging phrase "не подтвержд": state the answer the code gives, or one sentence on how the reader checks it on their host',
      'fixtures/lint/wrong.md:51: [env] unknown environment variable "NFT_EXTAPI_SVC_SGROUPS_SYNC-STATUS_INTERVALL" — did you mean "NFT_EXTAPI_SVC_SGROUPS_SYNC-STATUS_INTERVAL"?',
    ]);
  });

  it('passes a page that uses the code\'s names (both JSON spellings, for-expressions, nested TF attributes, configs, metric families)', () => {
    assert.deepEqual(lint(fixture('right.md')), []);
  });
});

describe('content lint rules', () => {
  it('a JSON example that does not parse fails on its line, unless marked lint=skip', () => {
    const page = '# t\n\n```json\n{\n  "name": "a",\n}\n```\n';
    const [only, ...rest] = lint(page);
    assert.equal(rest.length, 0);
    assert.match(only!, /^page\.md:6: \[json\] JSON example does not parse/);
    assert.deepEqual(lint(page.replace('```json', '```json lint=skip')), []);
  });

  it('JSON keys are checked only on API pages', () => {
    const page = '```json\n{"sgFom": "x"}\n```\n';
    assert.equal(lint(page, { api: false, monitoring: false }).length, 0);
    assert.equal(lint(page, rolesOf('tech-docs/sgroups/api/v2/rules.md')).length, 1);
  });

  it('curl bodies on API pages are checked like JSON blocks; grpcurl bodies are not', () => {
    const page = "```bash\ncurl -X POST http://h/v2/list-networks \\\n  -d '{\"networkName\": [\"a\"]}'\n" +
      "grpcurl -plaintext -d '{\"service\": \"x\"}' h:9650 grpc.health.v1.Health/Check\n```\n";
    assert.deepEqual(lint(page), ['page.md:3: [json] unknown API v2 field "networkName" — did you mean "networkNames"?']);
  });

  it('an unknown Terraform resource type, and block syntax for an attribute, are reported', () => {
    const page = '```hcl\nresource "sgroups_rule" "x" {\n  items = {}\n}\nprovider "sgroups" {\n  address = "tcp://h:9650"\n  authn {\n    tls = {}\n  }\n}\n```\n';
    assert.deepEqual(lint(page), [
      'page.md:2: [hcl] unknown resource type "sgroups_rule" of provider sgroups — did you mean "sgroups_rules"?',
      'page.md:7: [hcl] "authn" is an attribute of provider "sgroups", not a block: write `authn = { … }`',
    ]);
  });

  it('a server config key is checked with its full path; Prometheus and other YAML is left alone', () => {
    const page = '```yaml\nserver:\n  endpoint: tcp://0.0.0.0:9650\n  graceful-shutdow: 10s\n```\n\n```yaml\ngroups:\n  - name: hbf\n```\n';
    assert.deepEqual(lint(page, BOTH, 'tech-docs/sgroups/x.md'), [
      'tech-docs/sgroups/x.md:4: [yaml] unknown server config key "server/graceful-shutdow" — did you mean "server/graceful-shutdown"?',
    ]);
  });

  it('metrics: label names pass, a _total the code does not expose fails, a family must exist', () => {
    const page = 'Метки `grpc_code`, `user_agent`. `rate(agent_errors_total[5m])`, `nftables_rules_*`.\n';
    assert.deepEqual(lint(page), [
      'page.md:1: [metric] metric "agent_errors_total" is not exposed by the server or the agent — did you mean "agent_errors"?',
      'page.md:1: [metric] no exposed metric starts with "nftables_rules_" — did you mean "nftables_rule_"?',
    ]);
  });

  it('each hedging phrase of the issue fails, wherever it stands', () => {
    const phrases = ['не подтверждено', 'не проверено на работающем сервере', 'ожидается по коду', 'По коду ожидается',
      'прежняя документация', 'прежние инструкции', 'прежней документации', 'прежних инструкций',
      'на работающем экземпляре не проверялось', 'выведено из кода сервера', 'судя по коду', 'в старой документации'];
    phrases.forEach((p) => assert.equal(lint(`Текст: ${p}.\n`, { api: false, monitoring: false }).length, 1, p));
    assert.deepEqual(lint('Проверено по коду.\n', { api: false, monitoring: false }), []);
  });

  it('a rejected env spelling may be named in prose, never used in a code block', () => {
    const page = 'Имя `NFT_EXIT_ON_SUCCESS` агент не читает.\n\n```bash\nenv NFT_EXIT_ON_SUCCESS=true to-nft\n```\n';
    assert.deepEqual(lint(page), ['page.md:4: [env] unknown environment variable "NFT_EXIT_ON_SUCCESS" — the program reads "NFT_EXIT-ON-SUCCESS"']);
  });
});
