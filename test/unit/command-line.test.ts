// The argument reader behind every script (scripts/cli-args.ts): what it accepts, and the
// message each mistake gets.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { helpOf, parseCommand, UsageError, type CommandSpec } from '../../scripts/cli-args.ts';

const COMMAND = {
  name: 'npm run thing',
  about: 'Does the thing.',
  options: {
    docs: { type: 'string', value: 'DIR', help: 'the folder' },
    'no-cache': { type: 'boolean', help: 'no cache' },
  },
} as const satisfies CommandSpec;

const mistake = (argv: string[], command: CommandSpec = COMMAND) => {
  try {
    parseCommand(command, argv);
  } catch (e) {
    assert.ok(e instanceof UsageError);
    return e.message;
  }
  assert.fail(`${argv.join(' ')} was accepted`);
};

describe('command line arguments', () => {
  it('reads --name value, --name=value and flags', () => {
    const both = parseCommand(COMMAND, ['--docs', 'a', '--no-cache']);
    assert.deepEqual({ ...both.values }, { docs: 'a', 'no-cache': true });
    assert.deepEqual([both.operands, both.help], [[], false]);
    assert.deepEqual({ ...parseCommand(COMMAND, ['--docs=b']).values }, { docs: 'b' });
    assert.deepEqual(parseCommand({ ...COMMAND, operands: '<dir>' }, ['x', '--no-cache']).operands, ['x']);
  });

  it('answers --help and -h wherever they stand, even beside a mistake', () => {
    assert.equal(parseCommand(COMMAND, ['--bogus', '-h']).help, true);
    assert.equal(parseCommand(COMMAND, ['--docs', 'a', '--help']).help, true);
  });

  it('names each mistake plainly', () => {
    assert.equal(mistake(['--no-cahce']), 'unknown option --no-cahce; did you mean --no-cache?');
    assert.equal(mistake(['--doc', 'x']), 'unknown option --doc; did you mean --docs?');
    assert.equal(mistake(['--output', 'x']), 'unknown option --output', 'no hint for a name far from every option');
    assert.equal(mistake(['--docs']), '--docs needs a value: --docs DIR');
    assert.equal(mistake(['--docs=']), '--docs needs a value: --docs DIR');
    assert.equal(mistake(['--no-cache=1']), '--no-cache is a flag and takes no value');
    assert.equal(mistake(['stray']), 'unexpected argument stray (this command takes options only)');
  });

  it('lists every option with its value and help, aligned', () => {
    assert.equal(helpOf(COMMAND), [
      'usage: npm run thing -- [options]',
      '',
      'Does the thing.',
      '',
      'options:',
      '  --docs DIR  the folder',
      '  --no-cache  no cache',
      '  -h, --help  print this help and exit',
    ].join('\n'));
  });
});
