// Response headers every server of dist/ sends (the preview server here, nginx in production:
// deploy/nginx.conf repeats them and a test checks the two agree).
export function securityHeaders(csp?: string): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
    ...(csp ? { 'Content-Security-Policy': csp } : {}),
  };
}
