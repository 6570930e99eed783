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
