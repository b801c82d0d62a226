/**
 * Test errors an operator fires from the error log page to check that each global handler
 * works. Their messages are fixed English text, not translated: they are diagnostics that
 * operators search for in the server list whatever the reporter's language.
 */
export const TEST_MESSAGES = {
  script: 'Error log test: script error',
  promise: 'Error log test: unhandled promise rejection',
  render: 'Error log test: render error',
} as const;

/** A path no server serves, so the image fails to load. */
export const TEST_RESOURCE_PATH = '/__error-log-test__/missing-image.png';

/** Throws outside any handler of the app: reaches window `error` like any uncaught script error. */
export function fireScriptError(): void {
  setTimeout(() => {
    throw new Error(TEST_MESSAGES.script);
  }, 0);
}

/** A rejection nobody handles: reaches window `unhandledrejection`. */
export function firePromiseRejection(): void {
  void Promise.reject(new Error(TEST_MESSAGES.promise));
}

/** An image that cannot load: its `error` event reaches window only in the capture phase. */
export function fireResourceError(): void {
  const img = document.createElement('img');
  img.alt = '';
  img.style.display = 'none';
  const done = () => img.remove();
  img.addEventListener('error', done, { once: true });
  img.addEventListener('load', done, { once: true });
  // In the document before it loads: an error event of a detached image never reaches window.
  document.body.appendChild(img);
  img.src = `${TEST_RESOURCE_PATH}?t=${Date.now()}`;
}
