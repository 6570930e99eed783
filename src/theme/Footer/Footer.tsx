import { useServerSiteConfig } from '../../contexts/site-config.tsx';
import { onServer, StaticIsland } from '../StaticIsland/StaticIsland.tsx';
import { newTabProps } from '../new-tab.ts';

function FooterContent() {
  const { footer } = useServerSiteConfig();
  return (
    <div className="footer__inner">
      <div className="footer__groups">
        {footer.groups.map((g) => (
          <div key={g.title} className="footer__group">
            <h2 className="footer__title">{g.title}</h2>
            <ul>
              {g.items.map((item) => (
                <li key={item.href}>
                  <a className="footer__link" href={item.href} {...newTabProps(item.href)}
                    {...(item.href.endsWith('.pdf') ? { type: 'application/pdf' } : {})}>
                    {item.label}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <p className="footer__copyright">{footer.copyright}</p>
    </div>
  );
}

/** The same on every page: rendered by the server, kept as it is by the browser. */
export function Footer() {
  return <StaticIsland name="footer" as="footer" className="footer">{onServer ? <FooterContent /> : null}</StaticIsland>;
}
