/* global document, requestAnimationFrame */
/*
 * Starts the app once the browser has painted a prerendered page: the page
 * is readable as soon as its HTML and stylesheet are here, and the app's
 * scripts are fetched and run after that paint, so they never hold it up.
 * A hidden tab paints nothing, so it starts at once. The build
 * (scripts/prerender.mjs) names the entry script in data-entry and the
 * chunks it imports in data-preload, fetched alongside it.
 */
(function () {
  var data = document.currentScript && document.currentScript.dataset;
  if (!data || !data.entry) return;
  function start() {
    var preloads = data.preload ? data.preload.split(' ') : [];
    for (var i = 0; i < preloads.length; i += 1) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = 'anonymous';
      link.href = preloads[i];
      document.head.appendChild(link);
    }
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = 'anonymous';
    script.src = data.entry;
    document.head.appendChild(script);
  }
  if (document.visibilityState === 'hidden') start();
  else
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
})();
