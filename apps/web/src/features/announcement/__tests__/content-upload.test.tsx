import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IMAGE_MAX_BYTES } from '@agent-bo/shared';
import { findTestId, setUpStubbedApp } from '../../../test/app-harness';
import { callsTo, chooseFile, click, contentServer, FakeUpload, PAGE_PATHS, resetBackend, stubRangeLayout } from './content-harness';

stubRangeLayout();

const IMAGE_ID = 'ab'.repeat(32);
const uploaded = { id: IMAGE_ID, url: `/api/files/${IMAGE_ID}`, mime: 'image/png', size: 4, width: 1, height: 1 };
const png = (size = 4) => new File([new Uint8Array(size)], 'banner.png', { type: 'image/png' });

setUpStubbedApp({ signedIn: true, reset: () => resetBackend(), server: contentServer });

beforeEach(() => {
  FakeUpload.last = null;
  FakeUpload.count = 0;
  vi.stubGlobal('XMLHttpRequest', FakeUpload);
});
afterEach(() => {
  vi.stubGlobal('XMLHttpRequest', undefined);
});

async function openActivity() {
  const { startApp } = await import('../../../test/app-harness');
  await startApp(PAGE_PATHS.ACTIVITY);
  await click(await screen.findByTestId('content-create', {}, { timeout: 10_000 }));
  return findTestId('content-drawer');
}

describe('image upload', { timeout: 30_000 }, () => {
  it('uploads with the API client’s headers, shows the progress and the preview, and saves the image id', async () => {
    const drawer = await openActivity();
    await chooseFile(within(drawer).getByTestId('content-image-input'), png());
    const xhr = FakeUpload.last!;
    expect([xhr.method, xhr.url]).toEqual(['POST', '/api/manage/upload/image']);
    expect(xhr.headers).toMatchObject({ Authorization: 'Bearer good-token', 'x-site-id': 'tw_web', 'Accept-Language': 'en' });
    expect((xhr.body!.get('file') as File).name).toBe('banner.png');

    await xhr.progress(40, 100);
    expect(within(drawer).getByTestId('content-image-progress').textContent).toContain('40%');
    await xhr.answer(200, { code: 0, message: '', success: true, data: uploaded });
    expect(within(drawer).queryByTestId('content-image-progress')).toBeNull();
    await waitFor(() =>
      expect(within(drawer).getByTestId('content-image').querySelector('img')?.getAttribute('src')).toBe(`/api/files/${IMAGE_ID}`),
    );

    fireEvent.change(within(drawer).getByTestId('content-title-zh_TW'), { target: { value: '滿額送' } });
    await click(within(drawer).getByTestId('content-save'));
    await waitFor(() => expect(callsTo('save').map((c) => c.body?.imageId)).toEqual([IMAGE_ID]));
  });

  it('refuses a wrong type or a too large file before sending, and shows the server’s own refusal', async () => {
    const drawer = await openActivity();
    const input = within(drawer).getByTestId('content-image-input');
    await chooseFile(input, new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(within(drawer).getByTestId('content-image-error').textContent).toBe('Only PNG, JPEG, WebP or GIF images can be uploaded');
    await chooseFile(input, png(IMAGE_MAX_BYTES + 1));
    expect(within(drawer).getByTestId('content-image-error').textContent).toBe('The image is too large (at most 2 MB)');
    expect(FakeUpload.count).toBe(0);

    await chooseFile(input, png());
    await FakeUpload.last!.answer(415, { code: 5005, message: 'The server says: not an image', success: false, data: null });
    expect(within(drawer).getByTestId('content-image-error').textContent).toBe('The server says: not an image');
    expect(within(drawer).getByTestId('content-image').querySelector('img')).toBeNull();
  });

  it('a 401 on the upload signs out like any other call', async () => {
    const drawer = await openActivity();
    await chooseFile(within(drawer).getByTestId('content-image-input'), png());
    await FakeUpload.last!.answer(401, { code: 401, message: 'Session expired', success: false, data: null });
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
  });

  it('the editor’s image button uploads and places the image in the body', async () => {
    const drawer = await openActivity();
    await chooseFile(within(within(drawer).getByTestId('content-body-zh_TW')).getByTestId('editor-image-input'), png());
    await FakeUpload.last!.answer(200, { code: 0, message: '', success: true, data: uploaded });
    await waitFor(() =>
      expect(within(drawer).getByTestId('content-body-zh_TW-content').querySelector('img')?.getAttribute('src')).toBe(
        `/api/files/${IMAGE_ID}`,
      ),
    );
  });
});
