import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Contact } from '@agent-bo/shared';
import { adminUser } from '../../../test/fixtures';
import { envelope, findTestId, setUpStubbedApp, startApp } from '../../../test/app-harness';
import { click, messages, type } from '../../../test/ui-actions';

const EMAIL: Contact = { channel: 'email', destination: 'me@example.com', verifiedAt: '2026-12-01 10:00:00' };

let contacts: Contact[];
let calls: Array<{ path: string; body: unknown }>;
/** The destination the last code went to (the server's pending proof). */
let pending: string | null;

function server(path: string, init: RequestInit): Response {
  const url = new URL(path, 'http://localhost');
  const body = init.body ? (JSON.parse(String(init.body)) as Record<string, string>) : {};
  if (url.pathname.startsWith('/api/manage/contact/')) calls.push({ path: url.pathname.slice('/api/manage/contact/'.length), body });
  switch (url.pathname) {
    case '/api/manage/userinfo':
      return envelope(adminUser({ lvl: 1, id: 5, accountNo: 'agentA01' }));
    case '/api/getPermCode':
      return envelope([]);
    case '/api/manage/contact/list':
      return envelope(contacts);
    case '/api/manage/contact/start':
      if (body.destination === '+886900000000') return envelope(null, 1014, 'Another account already uses this contact', 409);
      pending = body.destination!;
      return envelope(null);
    case '/api/manage/contact/confirm':
      if (body.code !== '123456' || !pending) return envelope(null, 1013, 'The code is wrong or has expired', 400);
      contacts = [
        ...contacts.filter((c) => c.channel !== body.channel),
        { channel: body.channel as Contact['channel'], destination: pending, verifiedAt: '2026-12-03 12:00:00' },
      ];
      pending = null;
      return envelope(contacts);
    case '/api/manage/contact/remove':
      contacts = contacts.filter((c) => c.channel !== body.channel);
      return envelope(contacts);
    default:
      return envelope(null);
  }
}

setUpStubbedApp({
  signedIn: true,
  server,
  reset: () => {
    contacts = [EMAIL];
    calls = [];
    pending = null;
  },
});

async function openDialog(): Promise<HTMLElement> {
  await startApp('/about');
  await findTestId('app-header');
  fireEvent.click(screen.getByTestId('user-menu'));
  fireEvent.click(await findTestId('contacts-open'));
  const dialog = await findTestId('contacts-dialog');
  await within(dialog).findByTestId('contact-sms', {}, { timeout: 5000 });
  return dialog;
}

/** The form item error texts shown in the dialog. */
const fieldErrors = () => [...document.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);

describe('my phone and e-mail', { timeout: 30_000 }, () => {
  it('lists the proved contacts; a phone is proved by a code sent there, with a wait before another code', async () => {
    const dialog = await openDialog();
    expect(within(dialog).getByTestId('contact-email-value').textContent).toBe('me@example.com');
    expect(within(dialog).getByTestId('contact-email').textContent).toContain('Proved 2026-12-01 10:00:00');
    expect(within(dialog).getByTestId('contact-sms-none').textContent).toBe('No phone number yet');

    await click(within(dialog).getByTestId('contact-sms-add'));
    // Not in international form: refused before anything is sent.
    await type(await findTestId('contact-sms-destination'), '0912345678');
    await click(screen.getByTestId('contact-sms-send'));
    await waitFor(() => expect(fieldErrors()).toEqual(['Use the international form, e.g. +886912345678']));
    expect(calls.filter((c) => c.path === 'start')).toEqual([]);

    // Spaces and dashes as people type them are dropped.
    await type(screen.getByTestId('contact-sms-destination'), '+886 912-345 678');
    await click(screen.getByTestId('contact-sms-send'));
    expect((await findTestId('contact-sms-sent')).textContent).toBe('A 6-digit code was sent to +886912345678. It is valid for 5 minutes.');
    expect(calls.at(-1)).toEqual({ path: 'start', body: { channel: 'sms', destination: '+886912345678' } });
    const resend = screen.getByTestId('contact-sms-resend');
    expect(resend.textContent).toMatch(/^Send again in (60|59) s$/);
    expect(resend.hasAttribute('disabled')).toBe(true);

    // A wrong code is said in the dialog; nothing changes.
    await type(screen.getByTestId('contact-sms-code'), '111111');
    await click(screen.getByTestId('contact-sms-confirm'));
    expect((await findTestId('contact-sms-error')).textContent).toBe('The code is wrong or has expired');
    expect(messages()).toEqual([]);

    await type(screen.getByTestId('contact-sms-code'), '123456');
    await click(screen.getByTestId('contact-sms-confirm'));
    await waitFor(() => expect(within(dialog).getByTestId('contact-sms-value').textContent).toBe('+886912345678'));
    expect(screen.queryByTestId('contact-sms-form')).toBeNull();
    expect(calls.at(-1)).toEqual({ path: 'confirm', body: { channel: 'sms', code: '123456' } });
    await waitFor(() => expect(messages()).toContain('Phone number proved'));
  });

  it('says when another account already proved the phone, and lets the number be typed again', async () => {
    await openDialog();
    await click(screen.getByTestId('contact-sms-add'));
    await type(await findTestId('contact-sms-destination'), '+886900000000');
    await click(screen.getByTestId('contact-sms-send'));
    expect((await findTestId('contact-sms-error')).textContent).toBe('Another account already uses this contact');
    expect(screen.queryByTestId('contact-sms-sent')).toBeNull();
    // The dialog says it; the client does not toast it as well.
    expect(messages()).toEqual([]);
    await click(screen.getByTestId('contact-sms-cancel'));
    expect(screen.queryByTestId('contact-sms-form')).toBeNull();
    expect(screen.getByTestId('contact-sms-none')).toBeTruthy();
  });

  it('offers another code once the wait is over, and a different address from the code step', async () => {
    await openDialog();
    await click(screen.getByTestId('contact-email-add'));
    // A change starts from the proved address.
    const input = (await findTestId('contact-email-destination')) as HTMLInputElement;
    expect(input.value).toBe('me@example.com');
    await type(input, 'new@example.com');
    await click(screen.getByTestId('contact-email-send'));
    await findTestId('contact-email-sent');
    const realNow = Date.now;
    try {
      // A minute later by the clock the countdown reads.
      const later = realNow() + 61_000;
      Date.now = () => later;
      await waitFor(() => expect(screen.getByTestId('contact-email-resend').textContent).toBe('Send again'), { timeout: 3000 });
    } finally {
      Date.now = realNow;
    }
    await click(screen.getByTestId('contact-email-resend'));
    await waitFor(() => expect(calls.filter((c) => c.path === 'start')).toHaveLength(2));
    expect(calls.at(-1)).toEqual({ path: 'start', body: { channel: 'email', destination: 'new@example.com' } });

    await click(screen.getByTestId('contact-email-edit'));
    expect(((await findTestId('contact-email-destination')) as HTMLInputElement).value).toBe('new@example.com');
  });

  it('removes a contact after a confirmation', async () => {
    const dialog = await openDialog();
    await click(within(dialog).getByTestId('contact-email-remove'));
    const ok = await findTestId('contact-remove-ok');
    expect(document.querySelector('.ant-modal-confirm')?.textContent).toContain('Remove me@example.com?');
    await act(async () => {
      fireEvent.click(ok);
    });
    await waitFor(() => expect(within(dialog).getByTestId('contact-email-none').textContent).toBe('No e-mail address yet'));
    expect(calls.at(-1)).toEqual({ path: 'remove', body: { channel: 'email' } });
    await waitFor(() => expect(messages()).toContain('E-mail address removed'));
  });
});
