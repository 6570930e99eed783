// Response headers every server of dist/ sends, on every response (the preview server here,
// nginx in production: deploy/nginx.conf repeats them and test/nginx/ checks the two agree).
// HSTS is left to TLS deployments (a commented line in deploy/nginx.conf).
export function securityHeaders(csp?: string): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    ...(csp ? { 'Content-Security-Policy': csp } : {}),
  };
}
