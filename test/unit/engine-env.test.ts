// The variables package.json's scripts set for the engine, as the benchmarks read them.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { engineEnv, variablesOf } from '../../scripts/engine-env.ts';

describe('engine environment', () => {
  it('reads the variables in front of a script\'s command, and only those', () => {
    assert.deepEqual(variablesOf('A=1 B_2=x=y node scripts/launch.mjs C=3'), { A: '1', B_2: 'x=y' });
    assert.deepEqual(variablesOf('node scripts/launch.mjs scripts/build.ts'), {});
  });

  it('gives the build and the dev server glibc\'s huge-page setting on top of the caller\'s environment', () => {
    for (const script of ['build', 'dev', 'start', 'preview']) {
      const env = engineEnv(script);
      assert.equal(env.GLIBC_TUNABLES, 'glibc.malloc.hugetlb=1', script);
      assert.equal(env.PATH, process.env.PATH);
    }
    assert.throws(() => engineEnv('no-such-script'), /no script "no-such-script"/);
  });
});
