import { Checkbox, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { localized, type Locale, type PermissionCatalogue, type PermissionCode } from '@agent-bo/shared';
import { useLocaleStore } from '../../../stores/locale-store';

type CatalogueCode = PermissionCatalogue[number]['codes'][number];

/** The codes of an area as rows: a READ/WRITE pair shares a row, any other code has its own. */
export function pairRows(codes: readonly CatalogueCode[]): CatalogueCode[][] {
  const rows: CatalogueCode[][] = [];
  const byBase = new Map<string, CatalogueCode[]>();
  for (const code of codes) {
    const base = /^(.*)_(READ|WRITE)$/.exec(code.code)?.[1];
    const row = base ? byBase.get(base) : undefined;
    if (row) {
      row.push(code);
      continue;
    }
    const fresh = [code];
    rows.push(fresh);
    if (base) byBase.set(base, fresh);
  }
  return rows;
}

function CodeBox({
  item,
  checked,
  allowed,
  readOnly,
  locale,
  onToggle,
}: {
  item: CatalogueCode;
  checked: boolean;
  allowed: boolean;
  readOnly: boolean;
  locale: Locale;
  onToggle: (on: boolean) => void;
}) {
  const { t } = useTranslation('permission');
  const box = (
    <Checkbox
      checked={checked}
      disabled={readOnly || !allowed}
      onChange={(e) => onToggle(e.target.checked)}
      data-testid={`role-code-${item.code}`}
    >
      <span className="perm-code__label">{localized(item.label, locale)}</span>
    </Checkbox>
  );
  return (
    <div className="perm-code">
      {allowed ? (
        <Tooltip title={localized(item.description, locale)}>{box}</Tooltip>
      ) : (
        // A disabled input gets no pointer events: the tooltip hangs on its wrapper.
        <Tooltip title={t('codes.notHeld')}>
          <span className="perm-code__locked" data-testid={`role-code-locked-${item.code}`}>
            {box}
          </span>
        </Tooltip>
      )}
      <Typography.Text type="secondary" className="perm-code__id">
        {item.code}
      </Typography.Text>
    </div>
  );
}

/**
 * The catalogue as a grouped checkbox tree: one group per area (with a box for all of the
 * area's codes the caller may give), READ/WRITE pairs side by side. A code the caller does not
 * hold is disabled and says why; it stays checked if the role already has it.
 */
export function CodeTree({
  catalogue,
  held,
  value = [],
  onChange,
  readOnly = false,
}: {
  catalogue: PermissionCatalogue;
  /** The caller's codes: only these can be put in a role. */
  held: ReadonlySet<string>;
  value?: PermissionCode[];
  onChange?: (codes: PermissionCode[]) => void;
  readOnly?: boolean;
}) {
  const locale = useLocaleStore((s) => s.locale);
  const chosen = new Set(value);
  const allowed = (item: CatalogueCode) => item.held && held.has(item.code);
  const set = (codes: PermissionCode[], on: boolean) => {
    const next = new Set(chosen);
    for (const code of codes) {
      if (on) next.add(code);
      else next.delete(code);
    }
    // In catalogue order, so the request reads like the tree.
    onChange?.(catalogue.flatMap((area) => area.codes.map((c) => c.code)).filter((c) => next.has(c)));
  };

  return (
    <div className="perm-tree" data-testid="role-code-tree">
      {catalogue.map((area) => {
        const givable = area.codes.filter(allowed).map((c) => c.code);
        const on = givable.filter((c) => chosen.has(c)).length;
        return (
          <div
            key={area.area}
            role="group"
            aria-labelledby={`role-area-title-${area.area}`}
            className="perm-area"
            data-testid={`role-area-${area.area}`}
          >
            <div className="perm-area__title" id={`role-area-title-${area.area}`}>
              <Checkbox
                checked={givable.length > 0 && on === givable.length}
                indeterminate={on > 0 && on < givable.length}
                disabled={readOnly || givable.length === 0}
                onChange={(e) => set(givable, e.target.checked)}
                data-testid={`role-area-all-${area.area}`}
              >
                <strong>{localized(area.label, locale)}</strong>
              </Checkbox>
            </div>
            {pairRows(area.codes).map((row) => (
              <div key={row[0]!.code} className="perm-row">
                {row.map((item) => (
                  <CodeBox
                    key={item.code}
                    item={item}
                    checked={chosen.has(item.code)}
                    allowed={allowed(item)}
                    readOnly={readOnly}
                    locale={locale}
                    onToggle={(next) => set([item.code], next)}
                  />
                ))}
              </div>
            ))}
          </div>
        );
      })}
    </div>
  );
}
