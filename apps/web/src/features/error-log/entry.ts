import { CLIENT_ERROR_LIMITS, formatZonedDateTime, type ClientErrorEntry, type ClientErrorType } from '@agent-bo/shared';
import { siteTimeZone } from '../../lib/site';

/**
 * Turning what the browser hands the global handlers into error log entries (spec §3 "Error
 * log entry": type, name, file, message, stack, detail, url). Every field is cut to the
 * server's limits here, so the list on screen shows exactly what is reported.
 */

/** Cuts `text` to `max` UTF-16 units without leaving half of a surrogate pair at the end. */
export function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max);
  const last = head.charCodeAt(head.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? head.slice(0, -1) : head;
}

function describe(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

function currentUrl(): string {
  return typeof location === 'undefined' ? '' : location.href;
}

/**
 * When it happened: the browser's clock written in the site's time zone, like every other time
 * of the app, so it reads alongside the server's receipt time (also site time).
 */
export function entryTime(now: Date = new Date()): string {
  return formatZonedDateTime(now, siteTimeZone());
}

export interface EntryFields {
  type: ClientErrorType;
  name?: string;
  file?: string;
  message?: string;
  stack?: string;
  detail?: string;
  url?: string;
  time?: string;
}

/** A complete entry, fields cut to `CLIENT_ERROR_LIMITS`, url and time filled in. */
export function makeEntry(fields: EntryFields): ClientErrorEntry {
  const L = CLIENT_ERROR_LIMITS;
  return {
    type: fields.type,
    name: cut(fields.name ?? '', L.name),
    file: cut(fields.file ?? '', L.file),
    message: cut(fields.message ?? '', L.message),
    stack: cut(fields.stack ?? '', L.stack),
    detail: cut(fields.detail ?? '', L.detail),
    url: cut(fields.url ?? currentUrl(), L.url),
    time: fields.time ?? entryTime(),
  };
}

/** An uncaught script error (window `error` with an ErrorEvent). */
export function scriptEntry(event: ErrorEvent): ClientErrorEntry {
  const error: unknown = event.error;
  const isError = error instanceof Error;
  return makeEntry({
    type: 'script',
    name: isError ? error.name : 'Error',
    file: event.filename ?? '',
    message: event.message || (isError ? error.message : describe(error)),
    stack: isError ? (error.stack ?? '') : '',
    detail: event.filename
      ? `${event.filename}:${event.lineno ?? 0}:${event.colno ?? 0}`
      : `line ${event.lineno ?? 0}, column ${event.colno ?? 0}`,
  });
}

/** Elements whose failed load fires an `error` event that reaches window only in the capture phase. */
const RESOURCE_TAGS = new Set(['IMG', 'SCRIPT', 'LINK', 'AUDIO', 'VIDEO', 'SOURCE', 'IFRAME']);

export function isResourceTarget(target: EventTarget | null): target is HTMLElement {
  return typeof Element !== 'undefined' && target instanceof Element && RESOURCE_TAGS.has(target.tagName);
}

/** The URL an element tried to load. */
function resourceUrl(element: HTMLElement): string {
  const withSrc = element as HTMLElement & { src?: string; href?: string; currentSrc?: string };
  return withSrc.currentSrc || withSrc.src || withSrc.href || element.getAttribute('src') || element.getAttribute('href') || '';
}

/** A resource that failed to load: the failed URL is the file. */
export function resourceEntry(element: HTMLElement): ClientErrorEntry {
  const tag = element.tagName.toLowerCase();
  const url = resourceUrl(element);
  return makeEntry({
    type: 'resource',
    name: `${tag} load error`,
    file: url,
    message: `${tag}: ${url}`,
    detail: cut(element.outerHTML, 1000),
  });
}

/** An unhandled promise rejection; the reason may be anything, not only an Error. */
export function promiseEntry(reason: unknown): ClientErrorEntry {
  if (reason instanceof Error) {
    return makeEntry({
      type: 'promise',
      name: reason.name,
      message: reason.message,
      stack: reason.stack ?? '',
      detail: describeCause(reason),
    });
  }
  return makeEntry({ type: 'promise', name: 'UnhandledRejection', message: describe(reason), detail: typeof reason });
}

function describeCause(error: Error): string {
  return error.cause === undefined ? '' : `cause: ${describe(error.cause instanceof Error ? error.cause.message : error.cause)}`;
}

/** A render error caught by an error boundary; the component stack is the detail. */
export function renderEntry(error: unknown, componentStack: string | null | undefined): ClientErrorEntry {
  const isError = error instanceof Error;
  return makeEntry({
    type: 'react',
    name: isError ? error.name : 'Error',
    message: isError ? error.message : describe(error),
    stack: isError ? (error.stack ?? '') : '',
    detail: (componentStack ?? '').trim(),
  });
}
