// The page frame shared by the server render and the browser: providers around the chrome,
// and the current page inside. The page itself is data (src/data/types.ts); React pages are
// looked up in the registry the build generates from src/pages.
import { useEffect, type ComponentType } from 'react';
import { AnnouncementBarProvider } from '../../contexts/announcement-bar.tsx';
import { ColorModeProvider } from '../../contexts/color-mode.tsx';
import { DocsVersionProvider } from '../../contexts/docs-version.tsx';
import { MobileSidebarProvider } from '../../contexts/mobile-sidebar.tsx';
import { NavigationProvider, useNavigation, type PageCodeLoader } from '../../contexts/navigation.tsx';
import { SiteConfigProvider, useSiteConfig } from '../../contexts/site-config.tsx';
import { documentTitle } from '../../data/locale.ts';
import type { BrowserConfig } from '../../config/browser-config.ts';
import type { PageData, SidebarData } from '../../data/types.ts';
import { AnnouncementBar } from '../AnnouncementBar/AnnouncementBar.tsx';
import { BackToTop } from '../BackToTop/BackToTop.tsx';
import { DocPage } from '../DocPage/DocPage.tsx';
import { ErrorBoundary } from '../ErrorBoundary/ErrorBoundary.tsx';
import { Footer } from '../Footer/Footer.tsx';
import { MobileSidebarSlot } from '../MobileSidebar/MobileSidebarSlot.tsx';
import { Navbar } from '../Navbar/Navbar.tsx';
import { NotFound } from '../NotFound/NotFound.tsx';
import { ProgressBar } from '../ProgressBar/ProgressBar.tsx';
import { SkipLink } from '../SkipLink/SkipLink.tsx';
import { LoadError } from './LoadError.tsx';

export type ReactPages = Record<string, ComponentType | undefined>;

function PageContent({ reactPages }: { reactPages: ReactPages }) {
  const { page, sidebar, status, completeSidebar } = useNavigation();
  if (status === 'error') return <LoadError />;
  switch (page.kind) {
    case 'react-page': {
      const Page = reactPages[page.route];
      if (!Page) throw new Error(`React page for ${page.route} is not loaded`);
      return <Page />;
    }
    case 'not-found':
      return <NotFound />;
    default:
      return <DocPage page={page} sidebar={sidebar} loadSidebarItems={completeSidebar} />;
  }
}

function Frame({ reactPages }: { reactPages: ReactPages }) {
  const { page, reload } = useNavigation();
  const config = useSiteConfig();
  // Marks <html> once React owns the page: CSS can tell a hydrated page apart, and so can tests.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  // The tab's title follows the page on screen: after client navigation, and when the dev
  // server swaps in a page whose title was edited.
  useEffect(() => {
    document.title = documentTitle(page.title, config.title);
  }, [page.title, config.title]);
  return (
    <>
      <SkipLink />
      <AnnouncementBar />
      <Navbar />
      <ProgressBar />
      <MobileSidebarSlot />
      <main id="main" tabIndex={-1} className={`main main--${page.kind}`}>
        <ErrorBoundary resetKey={page.route} onReset={reload}>
          <PageContent reactPages={reactPages} />
        </ErrorBoundary>
      </main>
      <Footer />
      <BackToTop />
    </>
  );
}

export interface AppProps {
  config: BrowserConfig;
  page: PageData;
  sidebar?: SidebarData;
  reactPages: ReactPages;
  loadPageCode?: PageCodeLoader;
  onNavigated?: (page: PageData, hash: string, restoreY: number | null) => void;
}

export function App({ config, page, sidebar, reactPages, loadPageCode, onNavigated }: AppProps) {
  return (
    <SiteConfigProvider config={config}>
      <DocsVersionProvider version={config.docs.version}>
        <ColorModeProvider defaultMode={config.colorMode.defaultMode} canSwitch={!config.colorMode.disableSwitch}>
          <AnnouncementBarProvider id={config.announcementBar?.id}>
            <NavigationProvider initialPage={page} initialSidebar={sidebar} loadPageCode={loadPageCode} onNavigated={onNavigated}>
              <MobileSidebarProvider breakpoint={config.layout.desktopBreakpoint}>
                <Frame reactPages={reactPages} />
              </MobileSidebarProvider>
            </NavigationProvider>
          </AnnouncementBarProvider>
        </ColorModeProvider>
      </DocsVersionProvider>
    </SiteConfigProvider>
  );
}
