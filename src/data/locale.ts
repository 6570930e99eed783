// The locale link helper: the default locale lives at the base path, any other locale at
// base path + code + "/". One locale exists today; the helper keeps a second one cheap.
export function localePath(baseUrl: string, locale: string, defaultLocale: string, route: string): string {
  const prefix = locale === defaultLocale ? baseUrl : `${baseUrl}${locale}/`;
  const rest = route.replace(/^\//, '');
  return rest ? `${prefix}${rest}` : prefix;
}

/** "Страница | SGroups", or the site title alone for the home page. */
export function documentTitle(pageTitle: string, siteTitle: string): string {
  return pageTitle && pageTitle !== siteTitle ? `${pageTitle} | ${siteTitle}` : siteTitle;
}

/** «3 страницы»: a count of pages with the Russian plural form (1 страница, 2 страницы, 5 страниц). */
export function pageCount(n: number): string {
  const ten = n % 10;
  const hundred = n % 100;
  const word = ten === 1 && hundred !== 11 ? 'страница' : ten >= 2 && ten <= 4 && (hundred < 12 || hundred > 14) ? 'страницы' : 'страниц';
  return `${n} ${word}`;
}
