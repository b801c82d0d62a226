import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { FilterLine, FilterText } from '../filter-line';

interface Values {
  name?: string;
}

function Filters({ onFinish, onReset }: { onFinish: (v: Values) => void; onReset?: () => void }) {
  const [form] = Form.useForm<Values>();
  return (
    <FilterLine<Values> form={form} testId="f" initialValues={{ name: 'start' }} onFinish={onFinish} onReset={onReset}>
      <FilterText name="name" placeholder="Name" testId="f-name" />
    </FilterLine>
  );
}

describe('FilterLine', () => {
  beforeEach(() => {
    initI18n('en');
  });
  afterEach(cleanup);

  it('Reset without onReset searches again with the initial values', async () => {
    const onFinish = vi.fn();
    render(<Filters onFinish={onFinish} />);
    fireEvent.change(screen.getByTestId('f-name'), { target: { value: 'typed' } });
    fireEvent.click(screen.getByTestId('f-search'));
    await waitFor(() => expect(onFinish).toHaveBeenLastCalledWith({ name: 'typed' }));
    fireEvent.click(screen.getByTestId('f-reset'));
    expect(onFinish).toHaveBeenLastCalledWith({ name: 'start' });
    expect(screen.getByTestId<HTMLInputElement>('f-name').value).toBe('start');
  });

  it('Reset with onReset puts the fields back and leaves the search to it', () => {
    const onFinish = vi.fn();
    const onReset = vi.fn();
    render(<Filters onFinish={onFinish} onReset={onReset} />);
    fireEvent.change(screen.getByTestId('f-name'), { target: { value: 'typed' } });
    fireEvent.click(screen.getByTestId('f-reset'));
    expect(onReset).toHaveBeenCalledTimes(1);
    expect(onFinish).not.toHaveBeenCalled();
    expect(screen.getByTestId<HTMLInputElement>('f-name').value).toBe('start');
  });
});
