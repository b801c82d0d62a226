import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { usePagedList, type PagedBody } from '../use-paged-list';

type Filters = { name?: string };
type Sort = { sortBy?: string; order?: 'asc' | 'desc' };
type Body = PagedBody<Filters, Sort>;

/** The list over a recording fetch: every body the server was asked for, in order. */
function setup(initialSort?: Sort) {
  const asked: Body[] = [];
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const view = renderHook(
    () =>
      usePagedList<Filters, { total: number; list: { id: number }[] }, Sort>({
        keyOf: (body) => ['list', body],
        fetch: async (body) => {
          asked.push(body);
          return { total: 500, list: [{ id: body.page }] };
        },
        initial: {},
        initialSort,
        testId: 'list',
      }),
    { wrapper },
  );
  return { asked, view };
}

describe('usePagedList (every server-paged list: filters, sort, pager)', () => {
  it('asks for the first page with the initial filters and sort', async () => {
    const { asked, view } = setup({ sortBy: 'sort', order: 'asc' });
    await waitFor(() => expect(view.result.current.query.data).toBeDefined());
    expect(asked).toEqual([{ sortBy: 'sort', order: 'asc', page: 1, pageSize: 10 }]);
  });

  it('goes back to page 1 on a new search, a new page size or a new sort, and keeps the page otherwise', async () => {
    const { asked, view } = setup();
    await waitFor(() => expect(asked).toHaveLength(1));
    act(() => view.result.current.change(3, 10));
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ page: 3, pageSize: 10 }));
    act(() => view.result.current.change(3, 50));
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ page: 1, pageSize: 50 }));
    act(() => view.result.current.change(2, 50, { sortBy: 'name', order: 'desc' }));
    await waitFor(() => expect(asked.at(-1)).toEqual({ sortBy: 'name', order: 'desc', page: 1, pageSize: 50 }));
    act(() => view.result.current.change(4, 50, { sortBy: 'name', order: 'desc' }));
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ page: 4 }));
    act(() => view.result.current.search({ name: 'abc' }));
    await waitFor(() => expect(asked.at(-1)).toEqual({ name: 'abc', sortBy: 'name', order: 'desc', page: 1, pageSize: 50 }));
    expect(view.result.current.filters).toEqual({ name: 'abc' });
  });

  it('asks the server again when Search lands on the page already shown', async () => {
    const { asked, view } = setup();
    await waitFor(() => expect(asked).toHaveLength(1));
    act(() => view.result.current.search({}));
    await waitFor(() => expect(asked).toHaveLength(2));
    expect(asked[1]).toEqual(asked[0]);
  });

  it('turns a page size the spec does not offer into the default', async () => {
    const { asked, view } = setup();
    await waitFor(() => expect(asked).toHaveLength(1));
    act(() => view.result.current.change(2, 50));
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ page: 1, pageSize: 50 }));
    act(() => view.result.current.change(1, 37));
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ page: 1, pageSize: 10 }));
    expect(view.result.current.pageSize).toBe(10);
  });
});
