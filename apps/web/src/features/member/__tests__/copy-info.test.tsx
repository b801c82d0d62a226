import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { CopyInfoView } from '../components/copy-info';

beforeAll(() => {
  initI18n('en');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const INFO = { url: 'http://localhost/login', nickName: 'New agent', accountNo: 'agent0001', pwd: 'Pass1234', pwdWithheld: false };

function setClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
}

describe('copy info', () => {
  it('copies url, nickname, account and password and says so', async () => {
    const writeText = vi.fn(async () => undefined);
    setClipboard(writeText);
    render(
      <AntApp>
        <CopyInfoView info={INFO} />
      </AntApp>,
    );
    await act(async () => {
      fireEvent.click(screen.getByTestId('copy-button'));
    });
    expect(writeText).toHaveBeenCalledWith('URL: http://localhost/login\nNickname: New agent\nAccount: agent0001\nPassword: Pass1234');
    expect(await screen.findByText('Copied to the clipboard')).toBeTruthy();
    expect(screen.queryByTestId('manual-copy-text')).toBeNull();
  });

  it('offers the text selected for copying by hand when the clipboard refuses', async () => {
    setClipboard(async () => {
      throw new Error('denied');
    });
    render(
      <AntApp>
        <CopyInfoView info={INFO} />
      </AntApp>,
    );
    await act(async () => {
      fireEvent.click(screen.getByTestId('copy-button'));
    });
    const text = (await screen.findByTestId('manual-copy-text')) as HTMLTextAreaElement;
    expect(text.value).toContain('agent0001');
    expect(screen.getByText('Copy by hand')).toBeTruthy();
  });

  it('without the one-time password, offers a reset only to writers', () => {
    const onReset = vi.fn();
    const { rerender } = render(
      <AntApp>
        <CopyInfoView info={{ ...INFO, pwd: null }} onResetPassword={onReset} />
      </AntApp>,
    );
    fireEvent.click(screen.getByTestId('copy-info-reset'));
    expect(onReset).toHaveBeenCalled();
    rerender(
      <AntApp>
        <CopyInfoView info={{ ...INFO, pwd: null }} />
      </AntApp>,
    );
    expect(screen.queryByTestId('copy-info-reset')).toBeNull();
  });

  it('to a caller who may not write: no password, says it is shown only to writers, offers no reset', async () => {
    const writeText = vi.fn(async () => undefined);
    setClipboard(writeText);
    render(
      <AntApp>
        <CopyInfoView info={{ ...INFO, pwd: null, pwdWithheld: true }} onResetPassword={vi.fn()} />
      </AntApp>,
    );
    expect(screen.getByTestId('copy-info-withheld').textContent).toBe('Shown only to those who may write');
    expect(screen.getByText(/shown only to staff who may write to that account/)).toBeTruthy();
    expect(screen.queryByTestId('copy-info-reset')).toBeNull();
    expect(screen.queryByTestId('copy-info-pwd')).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByTestId('copy-button'));
    });
    expect(writeText).toHaveBeenCalledWith('URL: http://localhost/login\nNickname: New agent\nAccount: agent0001');
  });
});
