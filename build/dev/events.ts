// Server-Sent Events to every open tab: `hello` (which server this is), `update` (pages
// rebuilt: the tab swaps its page in place), `reload` (theme, config or static files changed)
// and `errors` (what the overlay shows; an empty list hides it). A tab that connects, or
// reconnects, is told the current errors at once.
import type http from 'node:http';

export interface UpdateMessage {
  /** Routes whose output changed (added, rebuilt or removed). */
  routes: string[];
  /** A hash of every sidebar's JSON: an open tab loads again the sidebars whose hash changed. */
  sidebarVersions: Record<string, string>;
}

export interface ErrorsMessage {
  /** One entry per error, formatted as the terminal shows it: `file:line: message\n  fix: …`. */
  errors: string[];
}

export class LiveEvents {
  private clients = new Set<http.ServerResponse>();
  private errors: string[] = [];
  private provisional = new Set<string>();
  private sidebarVersions: Record<string, string> = {};
  private heartbeat: NodeJS.Timeout;
  /** Changes when the dev server restarts: a tab that reconnects to a new one reloads. */
  readonly session = Date.now().toString(36);

  constructor() {
    // A comment line now and then: proxies keep the stream open, dead tabs are noticed.
    this.heartbeat = setInterval(() => this.write(': ping\n\n'), 15_000);
    this.heartbeat.unref();
  }

  get clientCount(): number {
    return this.clients.size;
  }

  /**
   * Routes served before the first build was done whose built page differs. A tab that loaded
   * one connects with `?early=<route>` and is told to update, even if the build ended before it
   * connected.
   */
  setProvisional(routes: string[], sidebarVersions: Record<string, string>): void {
    this.provisional = new Set(routes);
    this.sidebarVersions = sidebarVersions;
  }

  /** Answers GET /__dev/events. */
  handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
    });
    const early = new URL(req.url ?? '/', 'http://localhost').searchParams.get('early');
    const stale = early !== null && this.provisional.has(early) ? frame('update', { routes: [early], sidebarVersions: this.sidebarVersions } satisfies UpdateMessage) : '';
    res.write(`retry: 300\n\n${frame('hello', { session: this.session })}${frame('errors', { errors: this.errors } satisfies ErrorsMessage)}${stale}`);
    this.clients.add(res);
    req.on('close', () => this.clients.delete(res));
  }

  update(message: UpdateMessage): void {
    this.write(frame('update', message));
  }

  reload(): void {
    this.write(frame('reload', {}));
  }

  /** Sends the errors only when they differ from what the tabs already show. */
  setErrors(errors: string[]): void {
    if (JSON.stringify(errors) === JSON.stringify(this.errors)) return;
    this.errors = errors;
    this.write(frame('errors', { errors } satisfies ErrorsMessage));
  }

  close(): void {
    clearInterval(this.heartbeat);
    for (const res of this.clients) res.end();
    this.clients.clear();
  }

  private write(chunk: string) {
    for (const res of this.clients) res.write(chunk);
  }
}

function frame(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}
