// The scripts of a page the server drew (ADR 0060), started once that page is on screen: the
// page's stylesheet and fonts then have the connection to themselves, and the first paint never
// waits for JavaScript. The list comes from the page (`#boot-modules`); pages the browser draws
// itself load their scripts as usual and do not use this file.
(function boot() {
  var data = document.getElementById('boot-modules');
  if (!data) return;
  var modules;
  try {
    modules = JSON.parse(data.textContent || '');
  } catch (error) {
    console.error('boot-modules is not valid JSON', error);
    return;
  }
  var started = false;
  function start() {
    if (started) return;
    started = true;
    for (var i = 0; i < modules.preload.length; i += 1) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = modules.preload[i];
      document.head.appendChild(link);
    }
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = modules.entry;
    document.head.appendChild(script);
  }
  // After the frame that paints the page: a callback of the next frame runs once this one is
  // drawn, and the timeout lets the browser present it first.
  // A tab opened in the background draws no frame until shown: the timeout starts it anyway.
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
  setTimeout(start, 1000);
})();
