import { EnterOutlined, SearchOutlined } from '@ant-design/icons';
import { Input, Modal, theme, type InputRef } from 'antd';
import { useEffect, useId, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toMenuItems } from '../../../components/menu-items';
import { useIsMobile } from '../../../hooks/use-is-mobile';
import { usePermissionStore } from '../../../stores/permission-store';
import { filterEntries, flattenMenuItems, type SearchEntry } from '../menu-entries';
import { useDebouncedValue } from '../use-debounced-value';
import './menu-search.css';

/** Spec §2: the search input is debounced 200 ms. */
export const SEARCH_DEBOUNCE_MS = 200;

/** The entries of the menu this user sees, with translated titles. */
function useSearchEntries(): SearchEntry[] {
  const { t } = useTranslation();
  const routes = usePermissionStore((s) => s.routes);
  return useMemo(() => flattenMenuItems(toMenuItems(routes, t)), [routes, t]);
}

interface Props {
  open: boolean;
  onClose: () => void;
}

/**
 * The global menu search (spec §2): a combobox whose options are the matching menu entries.
 * Arrow keys move the active option, Enter opens it, Escape closes; the pointer works too.
 * The panel is unmounted when the dialog closes, so each opening starts empty.
 */
export function MenuSearchModal({ open, onClose }: Props) {
  const isMobile = useIsMobile();
  const inputRef = useRef<InputRef>(null);
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      closable={false}
      destroyOnHidden
      title={null}
      width={isMobile ? '100%' : 600}
      className={isMobile ? 'menu-search menu-search--phone' : 'menu-search'}
      afterOpenChange={(visible) => visible && inputRef.current?.focus()}
      styles={{ container: { padding: 0 }, body: { padding: 0 } }}
    >
      <MenuSearchPanel inputRef={inputRef} onClose={onClose} />
    </Modal>
  );
}

function MenuSearchPanel({ inputRef, onClose }: { inputRef: RefObject<InputRef | null>; onClose: () => void }) {
  const { t } = useTranslation('search');
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const entries = useSearchEntries();
  const [query, setQuery] = useState('');
  const settledQuery = useDebouncedValue(query, SEARCH_DEBOUNCE_MS);
  const results = useMemo(() => filterEntries(entries, settledQuery), [entries, settledQuery]);
  // The active option belongs to one result list: a new list starts at its first entry.
  const [cursor, setCursor] = useState({ results, index: 0 });
  const active = cursor.results === results ? cursor.index : 0;
  const setActive = (index: number) => setCursor({ results, index });
  const listRef = useRef<HTMLUListElement>(null);
  const listId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;

  useEffect(() => {
    const item = listRef.current?.querySelector<HTMLElement>(`[data-index="${active}"]`);
    item?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);

  const choose = (entry: SearchEntry | undefined) => {
    if (!entry) return;
    onClose();
    void navigate(entry.path);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Keys pressed while an input method composes (Chinese, Thai, Vietnamese) belong to it.
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!results.length) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((active + step + results.length) % results.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      // Enter within the debounce after typing opens what the typed text finds, not the first
      // entry of the list still on screen (which, for a blank query, is the dashboard).
      if (query !== settledQuery) choose(filterEntries(entries, query)[0]);
      else choose(results[active]);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    }
  };

  const colours = {
    '--menu-search-active-bg': token.controlItemBgActive,
    '--menu-search-active-border': token.colorPrimary,
    '--menu-search-muted': token.colorTextSecondary,
    '--menu-search-border': token.colorBorderSecondary,
  } as CSSProperties;

  return (
    <div data-testid="menu-search-modal" style={colours}>
      <div className="menu-search__field">
        <Input
          ref={inputRef}
          autoFocus
          size="large"
          prefix={<SearchOutlined />}
          placeholder={t('placeholder')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={onKeyDown}
          data-testid="menu-search-input"
          role="combobox"
          aria-label={t('label')}
          aria-expanded={results.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={results.length ? optionId(active) : undefined}
        />
      </div>
      {results.length ? (
        <ul ref={listRef} id={listId} role="listbox" aria-label={t('results')} className="menu-search__list">
          {results.map((entry, index) => (
            <li
              key={entry.path}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              data-index={index}
              data-testid="menu-search-item"
              data-path={entry.path}
              className="menu-search__item"
              onMouseEnter={() => setActive(index)}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(entry)}
            >
              <span className="menu-search__text">
                {entry.parents.length ? <span className="menu-search__parents">{entry.parents.join(' / ')} / </span> : null}
                <span className="menu-search__title">{entry.title}</span>
              </span>
              <EnterOutlined className="menu-search__enter" aria-hidden />
            </li>
          ))}
        </ul>
      ) : (
        <div data-testid="menu-search-empty" className="menu-search__empty" role="status">
          {t('empty')}
        </div>
      )}
      {isMobile ? null : (
        <div className="menu-search__footer" aria-hidden>
          <span>
            <kbd>↑</kbd> <kbd>↓</kbd> {t('keys.move')}
          </span>
          <span>
            <kbd>Enter</kbd> {t('keys.open')}
          </span>
          <span>
            <kbd>Esc</kbd> {t('keys.close')}
          </span>
        </div>
      )}
    </div>
  );
}
