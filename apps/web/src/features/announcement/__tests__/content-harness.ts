import { act, fireEvent } from '@testing-library/react';
import type { ContentItem, ContentType } from '@agent-bo/shared';
import { adminUser } from '../../../test/fixtures';
import { envelope } from '../../../test/app-harness';

/** One content item as the server lists it; tests override what they need. */
export function contentItem(over: Partial<ContentItem> = {}): ContentItem {
  return {
    id: 1,
    type: 'ACTIVITY',
    title: { zh_TW: '春節活動', en: 'Spring festival', th: '', vi: '' },
    body: { zh_TW: '<p>內容</p>', en: '<p>Body</p>', th: '', vi: '' },
    imageId: null,
    imageUrl: null,
    startAt: '2030-01-01 00:00:00',
    endAt: '2030-02-01 00:00:00',
    status: 'Published',
    sort: 0,
    popOrder: null,
    version: 1,
    createdBy: 'admin001',
    createdAt: '2029-12-01 10:00:00',
    updatedBy: 'admin001',
    updatedAt: '2029-12-01 10:00:00',
    ...over,
  };
}

export interface Call {
  method: string;
  path: string;
  body: Record<string, unknown> | undefined;
}

/** The state of the stubbed back end: what it holds, what it answers and what it was asked. */
export const backend = {
  codes: ['ACTIVITY_READ', 'ACTIVITY_WRITE'] as string[],
  items: [] as ContentItem[],
  total: undefined as number | undefined,
  /** The answer of the next save, instead of a success. */
  saveAnswer: null as Response | null,
  calls: [] as Call[],
};

export function resetBackend(items: ContentItem[] = []) {
  backend.codes = ['ACTIVITY_READ', 'ACTIVITY_WRITE'];
  backend.items = items;
  backend.total = undefined;
  backend.saveAnswer = null;
  backend.calls = [];
}

/** The calls made to `manage/activity/<name>`. */
export const callsTo = (name: string) => backend.calls.filter((c) => c.path === `/api/manage/activity/${name}`);

function listOf(body: Record<string, unknown>) {
  const of = (type: unknown) => backend.items.filter((i) => !type || i.type === type);
  let list = of(body.type);
  if (body.popsOnly) list = list.filter((i) => i.popOrder !== null).sort((a, b) => a.popOrder! - b.popOrder!);
  return { page: Number(body.page ?? 1), pageSize: Number(body.pageSize ?? 10), total: backend.total ?? list.length, list };
}

/** The stubbed server: session, codes and the content endpoints. */
export function contentServer(path: string, init: RequestInit): Response {
  const url = new URL(path, 'http://localhost');
  const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
  const method = init.method ?? 'GET';
  backend.calls.push({ method, path: url.pathname, body });
  switch (url.pathname) {
    case '/api/manage/userinfo':
      return envelope(adminUser());
    case '/api/getPermCode':
      return envelope(backend.codes);
    case '/api/manage/activity/list':
      return envelope(listOf(body ?? {}));
    case '/api/manage/activity/save': {
      if (backend.saveAnswer) return backend.saveAnswer;
      const id = Number(body?.id ?? 99);
      return envelope({ id, version: Number(body?.version ?? 0) + 1 });
    }
    case '/api/manage/activity/delete':
      backend.items = backend.items.filter((i) => !(body?.ids as number[]).includes(i.id));
      return envelope(null);
    case '/api/manage/activity/set_pops': {
      const ids = body?.ids as number[];
      backend.items = backend.items.map((i) => ({ ...i, popOrder: ids.includes(i.id) ? ids.indexOf(i.id) : null }));
      return envelope(null);
    }
    default:
      return envelope(null, 404, 'not found', 404);
  }
}

/** The page of a content type. */
export const PAGE_PATHS: Record<ContentType, string> = {
  ACTIVITY: '/announcement/activity',
  ANNOUNCEMENT: '/announcement/announcement',
  BROADCAST: '/announcement/broadcast',
};

/** jsdom has no layout: ProseMirror measures the selection's range to scroll it into view. */
export function stubRangeLayout(): void {
  const rect = () => ({ x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, toJSON: () => ({}) }) as DOMRect;
  Range.prototype.getBoundingClientRect ??= rect;
  Range.prototype.getClientRects ??= () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
}

/** Pastes HTML into a rich-text editor as a user would (ProseMirror parses the clipboard). */
export async function pasteHtml(editor: HTMLElement, html: string): Promise<void> {
  const paste = Object.assign(new Event('paste', { bubbles: true, cancelable: true }), {
    clipboardData: {
      types: ['text/html', 'text/plain'],
      files: [],
      // As a real clipboard: '' for a type it does not hold.
      getData: (type: string) =>
        type === 'text/html'
          ? html
          : type === 'text/plain'
            ? editor.ownerDocument.createRange().createContextualFragment(html).textContent
            : '',
    },
  });
  await act(async () => {
    editor.focus();
    editor.dispatchEvent(paste);
  });
}

/** Types a wall clock into an antd date picker's input and confirms it with Enter. */
export async function typeDate(input: HTMLInputElement, value: string): Promise<void> {
  await act(async () => {
    fireEvent.mouseDown(input);
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value } });
    fireEvent.keyDown(input, { key: 'Enter', keyCode: 13 });
  });
}

/**
 * A stand-in for XMLHttpRequest (the image upload's transport): records what was sent and lets the
 * test report progress and answer when it chooses.
 */
export class FakeUpload {
  static last: FakeUpload | null = null;
  static count = 0;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  timeout = 0;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeUpload.last = this;
    FakeUpload.count += 1;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  async progress(loaded: number, total: number) {
    await act(async () => this.upload.onprogress?.({ lengthComputable: true, loaded, total }));
  }
  async answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    await act(async () => this.onload?.());
  }
}

/** A file chosen in a file input. */
export async function chooseFile(input: HTMLElement, file: File): Promise<void> {
  await act(async () => {
    fireEvent.change(input, { target: { files: [file] } });
  });
}

export { click } from '../../../test/ui-actions';
