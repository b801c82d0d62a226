import { App } from 'antd';
import type { useAppProps } from 'antd/es/app/context';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FeedbackProvider } from '../feedback-provider';

/**
 * The feedback provider stands in for antd's message and modal until their code has loaded. A
 * toast or a confirmation asked for before then must still settle as antd's do: when it closes.
 * (Resolving the stand-in's inner promise with antd's own thenable toast made it wait for the
 * close and then call `.then` on the close's value: "e.then is not a function" on every early
 * toast, reported by the error log of the signed-in phone layout.)
 */
afterEach(cleanup);

function renderWithApi(): { api: () => useAppProps } {
  let api: useAppProps | null = null;
  function Grab() {
    api = App.useApp();
    return null;
  }
  render(
    <FeedbackProvider>
      <Grab />
    </FeedbackProvider>,
  );
  return { api: () => api! };
}

describe('feedback provider', () => {
  it('a toast asked for before the holders load shows and then settles with true when it closes', async () => {
    const { api } = renderWithApi();
    const closed = api().message.success('saved early', 0.05);
    await waitFor(() => expect(screen.getByText('saved early')).toBeTruthy());
    await expect(Promise.resolve(closed)).resolves.toBe(true);
  });

  it('a confirmation asked for before the holders load settles with true when confirmed', async () => {
    const { api } = renderWithApi();
    const answer = api().modal.confirm({ title: 'early question', okText: 'yes' });
    const button = await waitFor(() => screen.getByRole('button', { name: 'yes' }));
    fireEvent.click(button);
    await expect(Promise.resolve(answer)).resolves.toBe(true);
  });
});
