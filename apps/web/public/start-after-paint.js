/* global document, requestAnimationFrame */
/*
 * Starts the app once the browser has shown a prerendered page: the page is
 * readable as soon as its HTML and stylesheet are here, and the app's
 * scripts are fetched and run after that, so they never hold it up.
 *
 * "Shown" is the first contentful paint as the browser reports it, which
 * comes after the frame reached the screen. A frame callback alone fires
 * before that (the frame is still being drawn), so the app's requests would
 * start while the page is not yet visible and compete with it. Where paint
 * timing is missing, the frame after the first is the best guess; a hidden
 * tab paints nothing, so it starts at once. The build
 * (scripts/prerender.mjs) names the entry script in data-entry and the
 * chunks it imports in data-preload, fetched alongside it.
 */
(function () {
  var data = document.currentScript && document.currentScript.dataset;
  if (!data || !data.entry) return;
  var started = false;
  function start() {
    if (started) return;
    started = true;
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
  function startSoon() {
    setTimeout(start, 0);
  }
  function afterTwoFrames() {
    requestAnimationFrame(function () {
      requestAnimationFrame(startSoon);
    });
  }
  if (document.visibilityState === 'hidden') return start();
  // A tab that is hidden before its first paint would otherwise wait for it.
  document.addEventListener('visibilitychange', function () {
    if (document.visibilityState === 'hidden') start();
  });
  var paintTiming =
    typeof PerformanceObserver === 'function' &&
    (PerformanceObserver.supportedEntryTypes || []).indexOf('paint') !== -1;
  if (!paintTiming) return afterTwoFrames();
  if (performance.getEntriesByName('first-contentful-paint').length > 0) return startSoon();
  var observer = new PerformanceObserver(function (list) {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    startSoon();
  });
  observer.observe({ type: 'paint', buffered: true });
})();
