/** Installs the global handlers: script errors, unhandled rejections, resource load failures. */
export function installErrorHandlers(): void {}
