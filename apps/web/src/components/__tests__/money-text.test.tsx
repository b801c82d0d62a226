import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MoneyText, type MoneyTone } from '../money-text';

function shown(value: string, tone?: MoneyTone, strong?: boolean) {
  const { container } = render(<MoneyText value={value} tone={tone} strong={strong} className="m" data-col="c" />);
  const el = container.firstElementChild as HTMLElement;
  return {
    text: el.textContent,
    sign: el.getAttribute('data-sign'),
    danger: el.classList.contains('ant-typography-danger'),
    success: el.classList.contains('ant-typography-success'),
    strong: el.querySelector('strong') !== null,
    kept: el.classList.contains('m') && el.getAttribute('data-col') === 'c',
  };
}

describe('MoneyText', () => {
  afterEach(cleanup);

  it('groups and keeps two decimals, uncoloured when plain', () => {
    expect(shown('-1234567.5')).toMatchObject({ text: '-1,234,567.50', danger: false, success: false, sign: null, kept: true });
  });

  it('colours a result green above zero and red below, with win/loss for tests and styles', () => {
    expect(shown('12.5', 'result')).toMatchObject({ text: '12.50', success: true, sign: 'win', kept: true });
    expect(shown('-12.5', 'result')).toMatchObject({ text: '-12.50', danger: true, sign: 'loss' });
  });

  it('writes a credit with a plus sign and a debit in red (credit/debit)', () => {
    expect(shown('100', 'movement')).toMatchObject({ text: '+100.00', success: true, sign: 'credit' });
    expect(shown(' -100.00 ', 'movement')).toMatchObject({ text: '-100.00', danger: true, sign: 'debit' });
  });

  it('marks only a negative balance when it is a debt', () => {
    expect(shown('5', 'debt')).toMatchObject({ text: '5.00', danger: false, success: false });
    expect(shown('-5', 'debt', true)).toMatchObject({ text: '-5.00', danger: true, strong: true, sign: null });
  });

  it('never colours zero, whatever the tone', () => {
    for (const tone of ['result', 'movement', 'debt'] as const) {
      expect(shown('-0.00', tone)).toMatchObject({ danger: false, success: false, sign: null });
    }
  });
});
