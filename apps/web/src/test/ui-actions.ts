import { act, fireEvent, screen } from '@testing-library/react';

/** A click, with React's updates flushed. */
export async function click(element: Element): Promise<void> {
  await act(async () => {
    fireEvent.click(element);
  });
}

/** Opens an antd Select and picks the option titled `title`. */
export async function pick(select: HTMLElement, title: string): Promise<void> {
  await act(async () => {
    fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select.querySelector('[role="combobox"]') ?? select);
  });
  const options = await screen.findAllByTitle(title);
  await click(options.at(-1)!);
}

/** Sets an input's value as typing would. */
export async function type(input: HTMLElement, value: string): Promise<void> {
  await act(async () => {
    fireEvent.change(input, { target: { value } });
  });
}

/** The texts of the message toasts on screen. */
export const messages = () => [...document.querySelectorAll('.ant-message-notice')].map((n) => n.textContent ?? '');
