// The theme's contexts, helpers and server render, without a browser.
import assert from 'node:assert/strict';
import vm from 'node:vm';
import { describe, it } from 'node:test';
import { renderToString } from 'react-dom/server';
import siteConfigInput from '../../src/site.config.ts';
import { siteConfigSchema, type NavbarItem as NavbarItemConfig } from '../../src/config/schema.ts';
import { prepaintScript } from '../../src/client/prepaint.ts';
import { useAnnouncementBar } from '../../src/contexts/announcement-bar.tsx';
import { ColorModeProvider, useColorMode } from '../../src/contexts/color-mode.tsx';
import { DocsVersionProvider, useDocsVersion } from '../../src/contexts/docs-version.tsx';
import { useMobileSidebar } from '../../src/contexts/mobile-sidebar.tsx';
import { useNavigation } from '../../src/contexts/navigation.tsx';
import { useSiteConfig } from '../../src/contexts/site-config.tsx';
import { ContextMissingError } from '../../src/contexts/strict-context.tsx';
import { documentTitle, localePath } from '../../src/data/locale.ts';
import type { PageData } from '../../src/data/types.ts';
import { compactCount } from '../../src/hooks/use-github-facts.ts';
import { App } from '../../src/theme/Layout/Layout.tsx';
import { NavbarConfigError, NavbarItem } from '../../src/theme/Navbar/NavbarItem.tsx';
import { ThemedImage } from '../../src/theme/ThemedImage/ThemedImage.tsx';

const config = siteConfigSchema.parse(siteConfigInput);

function VersionLabel() {
  const { version } = useDocsVersion();
  return <span>{version.label}</span>;
}

describe('strict contexts', () => {
  it('throws a clear error when the docs version is read outside its provider', () => {
    assert.throws(() => renderToString(<VersionLabel />), (e: unknown) => {
      assert.ok(e instanceof ContextMissingError);
      assert.match(e.message, /useDocsVersion\(\) was called outside <DocsVersionProvider>/);
      return true;
    });
  });

  it('reads the docs version inside its provider', () => {
    const html = renderToString(<DocsVersionProvider version={config.docs.version}><VersionLabel /></DocsVersionProvider>);
    assert.equal(html, '<span>Next</span>');
    assert.deepEqual(config.docs.version, { name: 'current', label: 'Next', mainDoc: 'info/introduction' });
  });

  for (const [name, hook] of [
    ['SiteConfig', useSiteConfig], ['ColorMode', useColorMode], ['AnnouncementBar', useAnnouncementBar],
    ['MobileSidebar', useMobileSidebar], ['Navigation', useNavigation],
  ] as const) {
    it(`throws for use${name} outside <${name}Provider>`, () => {
      function Reader() {
        hook();
        return null;
      }
      assert.throws(() => renderToString(<Reader />), new RegExp(`use${name}\\(\\) was called outside <${name}Provider>`));
    });
  }
});

describe('navbar configuration errors', () => {
  it('names the navbar item of an unknown type', () => {
    const bad = { type: 'weather-widget', position: 'right' } as unknown as NavbarItemConfig;
    assert.throws(() => renderToString(<NavbarItem item={bad} index={3} />), (e: unknown) => {
      assert.ok(e instanceof NavbarConfigError);
      assert.match(e.message, /navbar\.items\[3\]/);
      assert.match(e.message, /weather-widget/);
      return true;
    });
  });
});

describe('helpers', () => {
  it('formats counts compactly, as GitHub does', () => {
    assert.deepEqual([0, 56, 999, 1000, 1234, 1250, 9999, 12_345, 150_000].map(compactCount), ['0', '56', '999', '1k', '1.2k', '1.3k', '10k', '12k', '150k']);
  });

  it('links the default locale at the base path and other locales under their code', () => {
    assert.equal(localePath('/', 'ru', 'ru', '/info/introduction'), '/info/introduction');
    assert.equal(localePath('/', 'ru', 'ru', '/'), '/');
    assert.equal(localePath('/', 'en', 'ru', '/info/introduction'), '/en/info/introduction');
    assert.equal(localePath('/', 'en', 'ru', '/'), '/en/');
    assert.equal(localePath('/docs/', 'en', 'ru', '/a'), '/docs/en/a');
  });

  it('titles pages "Page | Site" and the home page with the site name alone', () => {
    assert.equal(documentTitle('Установка', 'SGroups'), 'Установка | SGroups');
    assert.equal(documentTitle('SGroups', 'SGroups'), 'SGroups');
  });
});

describe('pre-paint script', () => {
  function run(script: string, stored: Record<string, string>, prefersLight = false) {
    const dataset: Record<string, string> = {};
    const classes = new Set<string>();
    const context = {
      document: { documentElement: { dataset, classList: { add: (c: string) => classes.add(c) } } },
      localStorage: { getItem: (k: string) => stored[k] ?? null },
      matchMedia: (q: string) => ({ matches: prefersLight && q.includes('light') }),
    };
    vm.runInNewContext(script, context);
    return { dataset, classes };
  }
  const base = { defaultMode: 'dark', canSwitch: true, respectPrefersColorScheme: false, announcementId: 'api-v2' } as const;

  it('applies the stored colour mode and nothing else', () => {
    assert.equal(run(prepaintScript(base), { 'sg.theme': 'light' }).dataset.theme, 'light');
    assert.equal(run(prepaintScript(base), {}).dataset.theme, undefined, 'the server-rendered default stays');
    assert.equal(run(prepaintScript(base), { 'sg.theme': 'purple' }).dataset.theme, undefined);
    assert.equal(run(prepaintScript(base), {}, true).dataset.theme, undefined, 'the system preference is ignored unless configured');
    assert.equal(run(prepaintScript({ ...base, respectPrefersColorScheme: true }), {}, true).dataset.theme, 'light');
    assert.equal(run(prepaintScript({ ...base, canSwitch: false }), { 'sg.theme': 'light' }).dataset.theme, undefined, 'no switch, no stored mode');
    assert.ok(run(prepaintScript(base), {}).classes.has('js'));
  });

  it('hides the announcement only when it was dismissed under the same id', () => {
    const dismissed = { 'sg.announcement.id': 'api-v2', 'sg.announcement.dismissed': 'true' };
    assert.equal(run(prepaintScript(base), dismissed).dataset.announcementDismissed, 'true');
    assert.equal(run(prepaintScript({ ...base, announcementId: 'api-v3' }), dismissed).dataset.announcementDismissed, undefined);
    assert.equal(run(prepaintScript(base), { 'sg.announcement.id': 'api-v2' }).dataset.announcementDismissed, undefined);
  });

  it('never throws when storage is unavailable', () => {
    const context = { document: { documentElement: { dataset: {}, classList: { add() {} } } }, get localStorage(): Storage { throw new Error('SecurityError'); } };
    assert.doesNotThrow(() => vm.runInNewContext(prepaintScript(base), context));
  });
});

describe('server render', () => {
  const page: PageData = {
    route: '/info/introduction', kind: 'doc', title: 'Введение', html: '<p>Текст</p><h2 id="a">A</h2>',
    toc: [{ id: 'a', text: 'A', level: 2 }], unlisted: true, breadcrumbs: [], sidebarId: 'info',
  };
  const html = renderToString(<App config={config} page={page} sidebar={{ id: 'info', items: [{ type: 'link', label: 'Введение', href: '/info/introduction' }] }} reactPages={{}} />);

  it('has no inline style attributes (the CSP allows none)', () => {
    assert.doesNotMatch(html, /\sstyle=/);
  });

  it('starts with the skip link to <main>', () => {
    // React 19 puts its resource hints (a preload of the logo) before the markup; the first
    // element a reader can reach is still the skip link.
    assert.match(html, /^(?:<link rel="preload"[^>]*\/>)*<a class="skip-link" href="#main"[^>]*>Перейти к основному содержимому<\/a>/);
    assert.match(html, /<main id="main" tabindex="-1"/);
  });

  it('renders the unlisted notice, the content, the active sidebar item and the TOC', () => {
    assert.match(html, /поисковые системы не будут её индексировать/);
    assert.match(html, /<p>Текст<\/p>/);
    assert.match(html, /aria-current="page"[^>]*>Введение<\/a>|href="\/info\/introduction" aria-current="page"/);
    assert.match(html, /href="#a"/);
  });

  it('renders the colour toggle unless the config disables it', () => {
    assert.match(html, /aria-label="Включить светлую тему"/);
    const locked = { ...config, colorMode: { ...config.colorMode, disableSwitch: true } };
    assert.doesNotMatch(renderToString(<App config={locked} page={page} reactPages={{}} />), /Включить (светлую|тёмную) тему/);
  });

  it('puts both variants of a themed image in the HTML before the mode is known', () => {
    const img = renderToString(
      <ColorModeProvider defaultMode="dark" canSwitch>
        <ThemedImage sources={{ light: '/l.svg', dark: '/d.svg' }} alt="Схема" className="diagram" />
      </ColorModeProvider>,
    );
    assert.match(img, /src="\/l\.svg"[^>]*class="themed-image themed-image--light diagram"/);
    assert.match(img, /src="\/d\.svg"[^>]*class="themed-image themed-image--dark diagram"/);
    assert.equal(img.match(/alt="Схема"/g)?.length, 2);
  });
});
