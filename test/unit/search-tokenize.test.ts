// The search's words: the Russian Snowball stemmer, technical tokens kept whole, query parsing
// and the match rules shared by the index and the highlighter.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compile, FACTOR, matchFactor, TextMatcher } from '../../src/client/search/match.ts';
import { parseQuery, shorterForms, stemRu, termsOfToken, tokens } from '../../src/client/search/tokenize.ts';

const termsOf = (token: string) => {
  const out: string[] = [];
  termsOfToken(token, (t) => out.push(t));
  return out;
};

describe('Russian stemmer (Snowball)', () => {
  // Reference stems from the Snowball algorithm (the snowball-stemmers port gives the same).
  const REFERENCE: Record<string, string> = {
    правила: 'прав', правило: 'прав', правилами: 'правил', правил: 'прав', группы: 'групп', группа: 'групп',
    группами: 'групп', группой: 'групп', безопасности: 'безопасн', безопасность: 'безопасн', безопасный: 'безопасн',
    сеть: 'сет', сети: 'сет', сетей: 'сет', агента: 'агент', агентами: 'агент', синхронизация: 'синхронизац',
    синхронизации: 'синхронизац', миграции: 'миграц', миграция: 'миграц', базы: 'баз', данных: 'дан',
    разрешить: 'разреш', запретить: 'запрет', входящий: 'входя', исходящий: 'исходя', приоритета: 'приоритет',
    наилучшего: 'наилучш', бесконечнное: 'бесконечн', установка: 'установк', установки: 'установк',
    настроенные: 'настроен', создавая: 'создав', создавшись: 'созда', проверяемых: 'проверя',
    объединяющих: 'объединя', журналирование: 'журналирован', трассировка: 'трассировк', ёлка: 'елк',
  };
  for (const [word, stem] of Object.entries(REFERENCE)) {
    it(`${word} → ${stem}`, () => assert.equal(stemRu(word), stem));
  }

  it('gives inflected forms one stem', () => {
    assert.equal(stemRu('правила'), stemRu('правило'));
    assert.equal(stemRu('группы'), stemRu('группа'));
    assert.equal(stemRu('безопасности'), stemRu('безопасность'));
  });

  it('leaves words without a vowel region alone', () => {
    assert.equal(stemRu('в'), 'в');
    assert.equal(stemRu('тсп'), 'тсп');
  });
});

describe('search tokens and terms', () => {
  it('keeps a command-line flag whole, and only a flag', () => {
    assert.deepEqual(tokens('флаг --config и --cache-dir, ключ -h, число -1, слово sg-sg').map((t) => t.text),
      ['флаг', '--config', 'и', '--cache-dir', 'ключ', '-h', 'число', '1', 'слово', 'sg-sg']);
    const terms: string[] = [];
    termsOfToken('--cache-dir', (t) => terms.push(t));
    assert.deepEqual(terms, ['cache', 'dir', '--cache-dir', 'cache-dir']);
  });

  it('keeps technical names whole, with their offsets', () => {
    const text = 'POST /v2/sync, ресурс sgroups_groups и сеть 10.0.0.0/8 (ie-sg-sg-rules).';
    assert.deepEqual(tokens(text).map((t) => t.text), ['POST', 'v2/sync', 'ресурс', 'sgroups_groups', 'и', 'сеть', '10.0.0.0/8', 'ie-sg-sg-rules']);
    const t = tokens(text)[6];
    assert.equal(text.slice(t.start, t.end), '10.0.0.0/8');
  });

  it('indexes every part and every compound suffix as written', () => {
    assert.deepEqual(termsOf('ie-sg-sg-rules'), ['ie', 'sg', 'sg', 'rules', 'ie-sg-sg-rules', 'sg-sg-rules', 'sg-rules']);
    assert.deepEqual(termsOf('sgroups_groups'), ['sgroups', 'groups', 'sgroups_groups']);
    assert.deepEqual(termsOf('10.0.0.0/8'), ['10', '0', '0', '0', '8', '10.0.0.0/8', '0.0.0/8', '0.0/8', '0/8']);
    assert.ok(termsOf('http://127.0.0.1:9000/v2/sync').includes('v2/sync'), 'a path inside a URL is found as typed');
  });

  it('stems Russian parts, lower-cases the rest and skips stop words', () => {
    assert.deepEqual(termsOf('Правилами'), ['правил']);
    assert.deepEqual(termsOf('DNS-сервера'), ['dns', 'сервер', 'dns-сервер']);
    assert.deepEqual(termsOf('и'), []);
  });

  it('parses a query: compounds, stop words dropped, the last word a prefix while typing', () => {
    const q = parseQuery('правила для /v2/sync');
    assert.deepEqual(q.map((t) => [t.term, t.compound, t.prefix]), [['прав', false, false], ['v2/sync', true, true]]);
    assert.deepEqual(q[1].parts, ['v2', 'sync']);
    assert.equal(parseQuery('группы ').at(-1)!.prefix, false, 'a finished word is not a prefix');
    assert.deepEqual(parseQuery('и').map((t) => t.term), ['и'], 'a query of stop words only keeps them');
    assert.deepEqual(parseQuery('  '), []);
  });

  it('looks up shorter forms of a word of letters only', () => {
    assert.deepEqual(shorterForms('правил'), ['прави', 'прав']);
    assert.deepEqual(shorterForms('rules'), ['rule']);
    assert.deepEqual(shorterForms('v2'), []);
  });
});

describe('search matching', () => {
  const m = (query: string) => compile(parseQuery(query)[0]);

  it('ranks exact above other forms above completions', () => {
    const word = m('правилами '); // finished: not a prefix
    assert.equal(matchFactor(word, 'правил'), FACTOR.exact);
    assert.equal(matchFactor(word, 'прав'), FACTOR.form);
    assert.equal(matchFactor(word, 'правильност'), 0);
    const typing = m('безоп');
    assert.equal(matchFactor(typing, 'безопасн'), FACTOR.prefix);
    const compound = m('ie-sg');
    assert.equal(matchFactor(compound, 'ie-sg'), FACTOR.exact);
    assert.equal(matchFactor(compound, 'ie-sg-sg-rules'), FACTOR.compoundPrefix);
    assert.equal(matchFactor(m('ie-sg '), 'ie-sg-sg-rules'), 0);
  });

  it('highlights written words that match, in any form', () => {
    const tm = new TextMatcher(parseQuery('группы безопасности ').map((q) => compile(q)));
    assert.ok(tm.factors('группой')[0] > 0);
    assert.ok(tm.factors('Безопасность')[1] > 0);
    assert.deepEqual([...tm.factors('сеть')], [0, 0]);
    const tech = new TextMatcher(parseQuery('/v2/sync').map((q) => compile(q)));
    assert.ok(tech.factors('http://127.0.0.1:9000/v2/sync')[0] > 0);
  });
});
