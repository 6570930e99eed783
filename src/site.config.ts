// Every fact about the site lives here. The build validates this object (src/config/schema.ts)
// and components read it through the SiteConfig context; nothing else hard-codes site facts.
import type { SiteConfigInput } from './config/schema.ts';

const api = (id: string) => `tech-docs/sgroups/api/v2/${id}`;

const siteConfig = {
  title: 'SGroups',
  tagline: 'Хостовый межсетевой экран на группах безопасности: сервер правил, агент nftables и провайдер Terraform',
  url: 'https://h-bf.prorobotech.ru',
  baseUrl: '/',
  favicon: '/img/favicon.svg',
  logo: { src: '/img/logo.svg', alt: 'Логотип SGroups' },
  i18n: { defaultLocale: 'ru', locales: [{ code: 'ru', label: 'Русский' }] },
  docs: { version: { name: 'current', label: 'Next', mainDoc: 'info/introduction' } },
  navbar: {
    items: [
      { type: 'docSidebar', sidebarId: 'info', label: 'Информация', position: 'left' },
      { type: 'docSidebar', sidebarId: 'techDocs', label: 'Техническая документация', position: 'left' },
      { type: 'search', position: 'right' },
      { type: 'github', position: 'right' },
      { type: 'localeDropdown', position: 'right' },
      { type: 'docsVersionDropdown', position: 'right' },
    ],
  },
  sidebars: {
    info: ['info/introduction', 'info/toolset', 'info/terminology'],
    techDocs: [
      'tech-docs/components',
      'tech-docs/installation-system-requirements',
      {
        type: 'category',
        label: 'HBF-агент',
        collapsed: false,
        items: [
          'tech-docs/to-nft/installation-agent',
          'tech-docs/to-nft/monitoring',
          'tech-docs/to-nft/tls-configuration-agent',
          {
            type: 'category',
            label: 'Nftables',
            items: [
              'tech-docs/to-nft/nftables/ipset',
              'tech-docs/to-nft/nftables/chains',
              'tech-docs/to-nft/nftables/verdict-statement',
              'tech-docs/to-nft/nftables/icmp-desciptions',
              'tech-docs/to-nft/nftables/config-base-rules',
              'tech-docs/to-nft/nftables/rules-priority',
            ],
          },
        ],
      },
      {
        type: 'category',
        label: 'HBF-сервер',
        collapsed: false,
        items: [
          'tech-docs/sgroups/installation-server',
          'tech-docs/sgroups/goose',
          'tech-docs/sgroups/monitoring',
          'tech-docs/sgroups/tls-configuration-server',
          'tech-docs/sgroups/database',
          {
            type: 'category',
            label: 'API',
            items: [
              api('sync'),
              api('security-groups'),
              api('address-sg'),
              api('networks'),
              api('subnets'),
              api('sg-sg-icmp-rules'),
              api('sg-icmp-rules'),
              api('rules'),
              api('fqdn-rules'),
              api('cidr-sg-rules'),
              api('cidr-sg-icmp-rules'),
              api('ie-sg-sg-rules'),
              api('ie-sg-sg-icmp-rules'),
              api('status'),
              api('list-hosts'),
            ],
          },
        ],
      },
      {
        type: 'category',
        label: 'Terraform',
        collapsed: false,
        items: [
          'tech-docs/terraform/provider-terraform',
          'tech-docs/terraform/spec-terraform',
          'tech-docs/terraform/tls-configuration-terraform',
        ],
      },
      {
        type: 'category',
        label: 'Конфигурация ресурсов',
        collapsed: false,
        items: [
          'tech-docs/rule-configuration/networks',
          'tech-docs/rule-configuration/security-groups',
          'tech-docs/rule-configuration/hosts',
          'tech-docs/rule-configuration/s2s',
          'tech-docs/rule-configuration/s2s-ie',
          'tech-docs/rule-configuration/s2c-ie',
          'tech-docs/rule-configuration/s2f-e',
        ],
      },
    ],
  },
  footer: {
    groups: [
      {
        title: 'Документы',
        items: [{ label: 'Пользовательское соглашение', href: '/files/polzovatelskoe-soglashenie.pdf' }],
      },
      { title: 'Документация', items: [{ label: 'Руководство пользователя', href: '/files/documentation.pdf' }] },
      { title: 'Контакты', items: [{ label: 'Telegram', href: 'https://t.me/sgroups_support' }] },
    ],
    copyright: '© 2025 ООО «ПРТ». Исключительные права на программное обеспечение принадлежат ООО «ПРТ».',
  },
  announcementBar: {
    id: 'api-v2',
    text: 'Документация описывает HTTP API v2 сервера SGroups.',
    link: { label: 'Начать с POST /v2/sync', href: '/tech-docs/sgroups/api/v2/sync' },
    closeable: true,
  },
  github: { owner: 'H-BF', repo: 'sgroups' },
  colorMode: { defaultMode: 'dark', disableSwitch: false, respectPrefersColorScheme: false },
  prism: { languages: ['bash', 'hcl', 'json', 'docker', 'yaml', 'go', 'sql', 'ini', 'diff', 'text'] },
  toc: { minHeadingLevel: 2, maxHeadingLevel: 3 },
  layout: { desktopBreakpoint: 996, progressDelayMs: 200, scrollFactor: 0.85 },
} satisfies SiteConfigInput;

export default siteConfig;
