// The inline script that starts the site's JavaScript once the page has painted its content.
//
// A module <script src> in the HTML would start downloading React with the document and, on a
// slow connection, share the bandwidth the first paint needs. The server-rendered page is
// complete and its links work without JavaScript, so the bundle waits for the first contentful
// paint (a PerformanceObserver 'paint' entry), or 3 s where that is not reported (a hidden tab,
// an older browser). The build allows this script by its hash in the Content-Security-Policy.
export function bootScript(entryUrl: string): string {
  if (!/^[\w./-]+$/.test(entryUrl)) throw new Error(`unexpected entry URL ${entryUrl}`);
  return `(function(){var done=0;function go(){if(done)return;done=1;var s=document.createElement('script');s.type='module';s.src='${entryUrl}';document.body.appendChild(s)}`
    + `try{if(performance.getEntriesByName('first-contentful-paint').length)return go();`
    + `new PerformanceObserver(function(l,o){if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();setTimeout(go)}}).observe({type:'paint'})}catch(e){return go()}`
    + `setTimeout(go,3000)})()`;
}
