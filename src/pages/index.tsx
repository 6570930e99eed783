// The home page: what SGroups is, its three components, and the two ways into the docs.
import { useSiteConfig } from '../contexts/site-config.tsx';
import { ThemedImage } from '../theme/ThemedImage/ThemedImage.tsx';

const components = [
  {
    title: 'HBF-сервер (sgroups)',
    text: 'Хранит сети, группы безопасности и правила в PostgreSQL или в памяти процесса и отдаёт их по gRPC и HTTP API v2; по отметке последнего изменения агенты узнают, когда пора обновиться.',
    href: '/tech-docs/sgroups/installation-server',
    more: 'Установка сервера',
  },
  {
    title: 'HBF-агент (to-nft)',
    text: 'Работает на каждом защищаемом хосте: узнаёт группы своих адресов, забирает правила с сервера и атомарно применяет их в nftables.',
    href: '/tech-docs/to-nft/installation-agent',
    more: 'Установка агента',
  },
  {
    title: 'Провайдер Terraform',
    text: 'Описывает сети, группы и правила как код: план показывает изменения до применения, а история остаётся в репозитории.',
    href: '/tech-docs/terraform/provider-terraform',
    more: 'Установка провайдера',
  },
];

export default function HomePage() {
  const config = useSiteConfig();
  return (
    <div className="home">
      <section className="home__hero">
        <div className="home__hero-text">
          <h1 className="home__title">{config.title}</h1>
          <p className="home__pitch">
            SGroups — хостовый межсетевой экран с открытым кодом. Вы описываете, какие группы хостов и сети могут
            общаться и по каким портам, один раз — на сервере правил. Агент на каждом хосте превращает эти правила
            в таблицу nftables и поддерживает её в актуальном состоянии, а провайдер Terraform позволяет хранить всю
            политику как код и менять её через обычный процесс ревью.
          </p>
          <div className="home__actions">
            <a className="button button--primary button--lg" href="/info/introduction">Информация</a>
            <a className="button button--secondary button--lg" href="/tech-docs/components">Техническая документация</a>
          </div>
        </div>
        <ThemedImage className="home__diagram" sources={{ light: '/img/overview/components-light.svg', dark: '/img/overview/components-dark.svg' }}
          alt="Схема: сервер правил, агенты на хостах и провайдер Terraform" width={760} height={440} />
      </section>
      <section className="home__components" aria-labelledby="home-components">
        <h2 id="home-components" className="home__section-title">Три компонента</h2>
        <div className="home__cards">
          {components.map((c) => (
            <article key={c.href} className="card">
              <h3 className="card__title">{c.title}</h3>
              <p>{c.text}</p>
              <a className="card__link" href={c.href}>{c.more} →</a>
            </article>
          ))}
        </div>
      </section>
    </div>
  );
}
