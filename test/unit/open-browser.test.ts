// Which program `--open` starts, and with what address (build/serve/open-browser.ts).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { browserUrl, openerOf } from '../../build/serve/open-browser.ts';

describe('--open', () => {
  it('opens the address a browser on this machine can reach, whatever the server listens on', () => {
    assert.equal(browserUrl('localhost', 3000), 'http://localhost:3000/');
    assert.equal(browserUrl('0.0.0.0', 3001), 'http://localhost:3001/');
    assert.equal(browserUrl('::', 3002), 'http://localhost:3002/');
    assert.equal(browserUrl('::1', 3003), 'http://[::1]:3003/');
    assert.equal(browserUrl('192.168.1.5', 80), 'http://192.168.1.5:80/');
  });

  it('$BROWSER names the program; %s places the address, otherwise it goes last; none opens nothing', () => {
    const url = 'http://localhost:3000/';
    assert.deepEqual(openerOf(url, { BROWSER: 'firefox' }, 'linux'), { command: 'firefox', args: [url] });
    assert.deepEqual(openerOf(url, { BROWSER: 'chromium --new-window' }, 'linux'), { command: 'chromium', args: ['--new-window', url] });
    assert.deepEqual(openerOf(url, { BROWSER: 'my-open --url=%s --tab' }, 'linux'), { command: 'my-open', args: [`--url=${url}`, '--tab'] });
    assert.equal(openerOf(url, { BROWSER: 'none' }, 'linux'), null);
  });

  it('without $BROWSER, the system\'s own opener', () => {
    const url = 'http://localhost:3000/';
    assert.deepEqual(openerOf(url, {}, 'linux'), { command: 'xdg-open', args: [url] });
    assert.deepEqual(openerOf(url, { BROWSER: ' ' }, 'linux'), { command: 'xdg-open', args: [url] });
    assert.deepEqual(openerOf(url, {}, 'darwin'), { command: 'open', args: [url] });
    assert.deepEqual(openerOf(url, {}, 'win32'), { command: 'cmd', args: ['/c', 'start', '""', url] });
  });
});
