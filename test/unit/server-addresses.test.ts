// The addresses the servers print and open (build/serve/addresses.ts), and which program
// `--open` starts (build/serve/open-browser.ts).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { localOrigin, networkUrls } from '../../build/serve/addresses.ts';
import { openerOf } from '../../build/serve/open-browser.ts';

describe('server addresses and --open', () => {
  it('opens the address a browser on this machine can reach, whatever the server listens on', () => {
    assert.equal(localOrigin('localhost', 3000), 'http://localhost:3000');
    assert.equal(localOrigin('0.0.0.0', 3001), 'http://localhost:3001');
    assert.equal(localOrigin('::', 3002), 'http://localhost:3002');
    assert.equal(localOrigin('::1', 3003), 'http://[::1]:3003');
    assert.equal(localOrigin('192.168.1.5', 80), 'http://192.168.1.5:80');
  });

  it('a server on every interface is also named by the machine\'s network addresses', () => {
    const nic = (address: string, family: 'IPv4' | 'IPv6', internal: boolean) => ({ address, family, internal, netmask: '', mac: '', cidr: null }) as never;
    const interfaces = { lo: [nic('127.0.0.1', 'IPv4', true)], eth0: [nic('10.1.2.3', 'IPv4', false), nic('fe80::1', 'IPv6', false)], wlan0: [nic('192.168.0.7', 'IPv4', false)] };
    assert.deepEqual(networkUrls('0.0.0.0', 3000, interfaces), ['http://10.1.2.3:3000', 'http://192.168.0.7:3000']);
    assert.deepEqual(networkUrls('localhost', 3000, interfaces), [], 'a server on one address is reached there only');
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
