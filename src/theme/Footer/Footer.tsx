import { useSiteConfig } from '../../contexts/site-config.tsx';

export function Footer() {
  const { footer } = useSiteConfig();
  return (
    <footer className="footer">
      <div className="footer__inner">
        <div className="footer__groups">
          {footer.groups.map((g) => (
            <div key={g.title} className="footer__group">
              <h2 className="footer__title">{g.title}</h2>
              <ul>
                {g.items.map((item) => {
                  const external = /^https?:/.test(item.href);
                  return (
                    <li key={item.href}>
                      <a className="footer__link" href={item.href} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                        {...(item.href.endsWith('.pdf') ? { type: 'application/pdf' } : {})}>
                        {item.label}
                      </a>
                    </li>
                  );
                })}
              </ul>
            </div>
          ))}
        </div>
        <p className="footer__copyright">{footer.copyright}</p>
      </div>
    </footer>
  );
}
