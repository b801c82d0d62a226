import { CodeOutlined } from '@ant-design/icons';
import { Button, Modal, Tag, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  LOCALES,
  PERMISSION_LABELS,
  imageUrl,
  localized,
  logRefKey,
  logRefKind,
  type Locale,
  type LogAccountNos,
  type LogRecordNames,
  type LogTarget,
} from '@agent-bo/shared';
import { formatMoney } from '../lib/money';
import { levelLabel } from '../lib/level-label';
import { playerTermsKey } from '../lib/player-terms';
import {
  accountNoBeside,
  changeLines,
  humanizeKey,
  isRecord,
  logField,
  logTargetText,
  type LogChangeLine,
  type LogValueKind,
} from '../lib/log-fields';
import { Thumb } from './thumb';
import './log-change.css';

/**
 * The member screen at an agent's level. Written out here (not imported from features/member):
 * the log page and the member feature both show log rows, and features never import each other.
 */
const memberScreenOf = (id: number) => `/member/index?parent=${id}`;

interface Ctx {
  /** id → account number, from the row (the server resolves the ids under LOG_ACCOUNT_ID_KEYS). */
  accounts: LogAccountNos;
  /** `<kind>:<id>` → name per locale, from the row (the server resolves the record ids of before/after). */
  names: LogRecordNames;
  locale: Locale;
  /**
   * What the row's account is, when its action says so: a player's or a shadow's level number is
   * its place in the tree (its agent's level below, its owner's), not an agent level to name.
   */
  levelOf: 'agent' | 'player' | 'shadow';
  /** What a player is called on this site (hooks/use-player-terms). */
  playerWord: string;
}

/** The kind of account a row's action created, for its level line; an agent otherwise. */
const ACTION_ACCOUNT_KIND: Readonly<Record<string, Ctx['levelOf']>> = {
  PLAYER_CREATE: 'player',
  PLAYER_REGISTER: 'player',
  SHADOW_CREATE: 'shadow',
};

function useLocale(): Locale {
  const { i18n } = useTranslation();
  const lang = i18n.language as Locale;
  return LOCALES.includes(lang) ? lang : 'zh_TW';
}

const none = <Typography.Text type="secondary">—</Typography.Text>;

/** How many ids of a list (an order, a module's games) are named before the rest is counted. */
const REFS_SHOWN = 8;
/** How many characters of a long text (a description) show in the change column. */
const LONG_TEXT_SHOWN = 60;

/** The name of the record `id` under `field` of `doc`, in the reader's language; null when unknown. */
function refName(field: string, id: unknown, doc: unknown, ctx: Ctx): string | null {
  const kind = logRefKind(field, doc);
  const name = kind ? ctx.names[logRefKey(kind, id)] : undefined;
  return (name && localized(name, ctx.locale)) || null;
}

/** A record's id as its name (`#id` when the record is gone), an image's as its picture. */
function RecordRef({ field, id, doc, ctx }: { field: string; id: unknown; doc: unknown; ctx: Ctx }) {
  if (logRefKind(field, doc) === 'image' && typeof id === 'string' && /^[0-9a-f]{64}$/.test(id)) {
    return (
      <span className="log-change__image" data-testid="log-change-image">
        <Thumb url={imageUrl(id)} size={24} />
      </span>
    );
  }
  const name = refName(field, id, doc, ctx);
  return name ? (
    <span className="log-change__ref" title={`#${String(id)}`}>
      {name}
    </span>
  ) : (
    <>{`#${String(id)}`}</>
  );
}

/** A list of record ids in order, each by name, shortened with a count after REFS_SHOWN. */
function RecordRefs({ field, ids, doc, ctx }: { field: string; ids: unknown[]; doc: unknown; ctx: Ctx }) {
  const { t } = useTranslation('log');
  if (ids.length === 0) return none;
  const shown = ids.length > REFS_SHOWN + 1 ? ids.slice(0, REFS_SHOWN) : ids;
  return (
    <span className="log-change__tags">
      {shown.map((id, i) =>
        isRecord(id) ? (
          <span key={i} className="log-change__item">
            <RecordInline value={id} ctx={ctx} />
          </span>
        ) : logRefKind(field, doc) === 'image' ? (
          <RecordRef key={i} field={field} id={id} doc={doc} ctx={ctx} />
        ) : (
          <Tag key={i} title={`#${String(id)}`}>
            {refName(field, id, doc, ctx) ?? `#${String(id)}`}
          </Tag>
        ),
      )}
      {shown.length < ids.length ? <Tag className="log-change__more">{t('change.more', { n: ids.length - shown.length })}</Tag> : null}
    </span>
  );
}

function groupDigits(value: unknown): string {
  const text = String(value);
  return /^-?\d+$/.test(text) ? text.replace(/\B(?=(\d{3})+(?!\d))/g, ',') : text;
}

/** The kind of a value no field knows, from the value itself. */
function kindOfUnknown(value: unknown): LogValueKind {
  if (typeof value === 'boolean') return 'flag';
  if (Array.isArray(value)) return 'list';
  if (isRecord(value)) return 'record';
  return 'text';
}

/** One value of a field, as words, tags or a link. `doc` is the before or after it came from. */
function LogValue({ field, value, doc, ctx }: { field: string; value: unknown; doc: unknown; ctx: Ctx }) {
  const { t } = useTranslation('log');
  if (value === null || value === undefined || value === '') return none;
  const kind = logField(field)?.kind ?? kindOfUnknown(value);
  const tags = (items: unknown[], show: (v: unknown) => ReactNode, title?: (v: unknown) => string) =>
    items.length === 0 ? (
      none
    ) : (
      <span className="log-change__tags">
        {items.map((v, i) =>
          isRecord(v) ? (
            <span key={i} className="log-change__item">
              <RecordInline value={v} ctx={ctx} />
            </span>
          ) : (
            <Tag key={i} title={title?.(v)}>
              {show(v)}
            </Tag>
          ),
        )}
      </span>
    );
  switch (kind) {
    case 'money':
      return <span className="log-money">{formatMoney(String(value))}</span>;
    case 'count':
      return <span className="log-money">{groupDigits(value)}</span>;
    case 'percent':
      return <>{`${String(value)}%`}</>;
    case 'flag':
      return typeof value === 'boolean' ? <>{t(value ? 'change.yes' : 'change.no')}</> : <>{String(value)}</>;
    case 'word': {
      const code = String(value);
      return (
        <span title={code}>
          {t([`member:verifyStatus.${code}`, `provider:status.${code}`, `log:change.values.${code}`], { defaultValue: code })}
        </span>
      );
    }
    case 'account': {
      const id = Number(value);
      const accountNo = ctx.accounts[String(value)] ?? accountNoBeside(doc, field);
      if (!Number.isInteger(id) || !accountNo) return <>{`#${String(value)}`}</>;
      return (
        <Link to={memberScreenOf(id)} className="log-change__account" data-testid="log-change-account">
          {accountNo}
        </Link>
      );
    }
    case 'accountNo':
      return <Typography.Text strong>{String(value)}</Typography.Text>;
    case 'ref':
      return <RecordRef field={field} id={value} doc={doc} ctx={ctx} />;
    case 'list':
      return Array.isArray(value) ? tags(value, String) : <>{String(value)}</>;
    case 'refs':
      return Array.isArray(value) ? (
        <RecordRefs field={field} ids={value} doc={doc} ctx={ctx} />
      ) : (
        <RecordRef field={field} id={value} doc={doc} ctx={ctx} />
      );
    case 'permissions':
      return Array.isArray(value) ? (
        tags(value, (v) => (PERMISSION_LABELS as Record<string, Record<Locale, string>>)[String(v)]?.[ctx.locale] ?? String(v), String)
      ) : (
        <>{String(value)}</>
      );
    case 'level': {
      const n = Number(value);
      if (!Number.isInteger(n)) return <>{String(value)}</>;
      if (ctx.levelOf === 'player') return <>{ctx.playerWord}</>;
      const label = levelLabel(n, ctx.levelOf === 'shadow');
      return <>{t(`dashboard:${label.key}`, label.params ?? {})}</>;
    }
    case 'gameCategories': {
      const category = (v: unknown) => t(`bet:categories.${String(v)}`, { defaultValue: String(v) });
      return Array.isArray(value) ? tags(value, category, String) : <span title={String(value)}>{category(value)}</span>;
    }
    case 'gameTag':
      return <>{t(`change.gameTags.${String(value)}`, { defaultValue: String(value) })}</>;
    case 'localized':
      return <>{isRecord(value) ? localized(value as Partial<Record<Locale, string>>, ctx.locale) : String(value)}</>;
    case 'longText': {
      const text = isRecord(value) ? localized(value as Partial<Record<Locale, string>>, ctx.locale) : String(value);
      if (!text) return none;
      return text.length > LONG_TEXT_SHOWN ? <span title={text}>{`${text.slice(0, LONG_TEXT_SHOWN)}…`}</span> : <>{text}</>;
    }
    case 'digest':
      return <>{t('change.textChanged')}</>;
    case 'record':
      return isRecord(value) ? <RecordInline value={value} ctx={ctx} /> : <>{String(value)}</>;
    case 'text':
    default:
      return <>{typeof value === 'object' ? JSON.stringify(value) : String(value)}</>;
  }
}

/** A field's label in the caller's language; a key no label knows, humanised. */
export function useFieldLabel(): (key: string) => string {
  const { t } = useTranslation('log');
  return (key) => (logField(key) ? t(`change.fields.${key}`) : humanizeKey(key));
}

/** A small record on one line: `Name: VIP · Codes: [tags]`. */
function RecordInline({ value, ctx }: { value: Record<string, unknown>; ctx: Ctx }) {
  const label = useFieldLabel();
  return (
    <span className="log-change__record">
      {Object.entries(value).map(([k, v], i) => (
        <span key={k}>
          {i > 0 ? ' · ' : null}
          {label(k)}: <LogValue field={k} value={v} doc={value} ctx={ctx} />
        </span>
      ))}
    </span>
  );
}

function Line({ line, before, after, ctx }: { line: LogChangeLine; before: unknown; after: unknown; ctx: Ctx }) {
  const { t } = useTranslation('log');
  const label = useFieldLabel();
  const kind = logField(line.key)?.kind;
  const head = line.key ? <span className="log-change__label">{label(line.key)}: </span> : null;
  if (kind === 'digest') {
    return (
      <div className="log-change__line" data-field={line.key}>
        {head}
        {t('change.textChanged')}
      </div>
    );
  }
  // A record logged whole and changed (a role's name or codes): its own fields, line by line.
  if (kind === 'record' && isRecord(line.before?.value) && isRecord(line.after?.value)) {
    return (
      <div className="log-change__line" data-field={line.key}>
        {head}
        <div className="log-change__nested">
          <Lines before={line.before.value} after={line.after.value} ctx={ctx} />
        </div>
      </div>
    );
  }
  const value = (side: { value: unknown } | undefined, doc: unknown) =>
    side ? <LogValue field={line.key} value={side.value} doc={doc} ctx={ctx} /> : null;
  return (
    <div className="log-change__line" data-field={line.key}>
      {head}
      {line.before && line.after ? (
        <>
          {value(line.before, before)}
          <span className="log-change__arrow"> → </span>
          {value(line.after, after)}
        </>
      ) : (
        (value(line.after, after) ?? value(line.before, before))
      )}
    </div>
  );
}

function Lines({ before, after, ctx }: { before: unknown; after: unknown; ctx: Ctx }) {
  return (
    <>
      {changeLines(before, after).map((line, i) => (
        <Line key={line.key || i} line={line} before={before} after={after} ctx={ctx} />
      ))}
    </>
  );
}

/**
 * What a log row changed, for a person: translated field labels with formatted values (money,
 * words for flags and statuses, account numbers linking to the member screen, lists as tags).
 * The raw before/after stay in LogRawButton's view and the CSV.
 */
export function LogChange({
  before,
  after,
  accounts,
  names,
  action,
  className,
}: {
  before: unknown;
  after: unknown;
  accounts?: LogAccountNos;
  /** The names of the records whose ids before/after hold (the row's `names`). */
  names?: LogRecordNames;
  /** The row's action code (`PLAYER_CREATE`…): says what kind of account a level line is about. */
  action?: string;
  className?: string;
}) {
  const locale = useLocale();
  const { t } = useTranslation('member');
  const playerWord = t(`${playerTermsKey()}.title`);
  const levelOf = (action && ACTION_ACCOUNT_KIND[action]) || 'agent';
  const ctx: Ctx = { accounts: accounts ?? {}, names: names ?? {}, locale, levelOf, playerWord };
  if (changeLines(before, after).length === 0) return none;
  return (
    <div className={`log-change-lines ${className ?? ''}`.trim()} data-testid="log-change">
      <Lines before={before} after={after} ctx={ctx} />
    </div>
  );
}

const json = (v: unknown) => (v === null || v === undefined ? 'null' : JSON.stringify(v, null, 2));

/** A button opening the row's before/after as recorded (JSON), for checking what the server stored. */
export function LogRawButton({ before, after, rowId }: { before: unknown; after: unknown; rowId: number }) {
  const { t } = useTranslation('log');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="small"
        type="link"
        icon={<CodeOutlined />}
        onClick={() => setOpen(true)}
        aria-label={t('change.details')}
        data-testid={`log-raw-${rowId}`}
      >
        {t('change.details')}
      </Button>
      <Modal open={open} onCancel={() => setOpen(false)} footer={null} title={t('change.rawTitle')} width={720} destroyOnHidden>
        <div className="log-raw" data-testid="log-raw">
          <Typography.Title level={5}>{t('change.before')}</Typography.Title>
          <pre className="log-raw__json" data-testid="log-raw-before">
            {json(before)}
          </pre>
          <Typography.Title level={5}>{t('change.after')}</Typography.Title>
          <pre className="log-raw__json" data-testid="log-raw-after">
            {json(after)}
          </pre>
        </div>
      </Modal>
    </>
  );
}

/**
 * What a log row is about when it is not an account, for the log page's target column: the kind of
 * record in words and its name in the reader's language ("Goods 水壺").
 */
export function LogTargetName({ target }: { target: LogTarget }) {
  const { t } = useTranslation('log');
  const { label, name } = logTargetText(target, t, useLocale());
  return (
    <span className="log-target" data-testid="log-target" data-kind={target.kind}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      {name ? (
        <>
          {' '}
          <Typography.Text strong>{name}</Typography.Text>
        </>
      ) : null}
    </span>
  );
}
