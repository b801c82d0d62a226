import dayjs, { type Dayjs } from 'dayjs';
import { LOCALES, type ContentItem, type ContentSaveRequest, type ContentType, type LocalizedText } from '@agent-bo/shared';
import { DATE_TIME_FORMAT } from '../../lib/time-range';

/** The drawer's form: text per locale, the window as site wall clocks, Published as a switch. */
export interface ContentFormValues {
  title: LocalizedText;
  body: LocalizedText;
  imageId: string | null;
  startAt: Dayjs | null;
  endAt: Dayjs | null;
  published: boolean;
  sort: number;
}

const emptyText = (): LocalizedText => Object.fromEntries(LOCALES.map((l) => [l, ''])) as LocalizedText;

/** Only activities and announcements have a body and an image; a broadcast is one line. */
export const hasBody = (type: ContentType) => type !== 'BROADCAST';

/** A new item: a draft running a week from the site's current wall clock `now`. */
export function newFormValues(now: string): ContentFormValues {
  const start = dayjs(now).second(0);
  return {
    title: emptyText(),
    body: emptyText(),
    imageId: null,
    startAt: start,
    endAt: start.add(7, 'day'),
    published: false,
    sort: 0,
  };
}

export function formValuesOf(item: ContentItem): ContentFormValues {
  return {
    title: { ...emptyText(), ...item.title },
    body: { ...emptyText(), ...item.body },
    imageId: item.imageId,
    startAt: dayjs(item.startAt),
    endAt: dayjs(item.endAt),
    published: item.status === 'Published',
    sort: item.sort,
  };
}

/**
 * The save request of the form; an update carries the id and the version it read. Times go
 * back to the wall-clock text they were built from, never through an offset.
 */
export function saveRequestOf(type: ContentType, v: ContentFormValues, editing?: Pick<ContentItem, 'id' | 'version'>): ContentSaveRequest {
  return {
    ...(editing ? { id: editing.id, version: editing.version } : {}),
    type,
    title: { ...emptyText(), ...v.title },
    ...(hasBody(type) ? { body: { ...emptyText(), ...v.body }, imageId: v.imageId ?? null } : {}),
    startAt: v.startAt?.format(DATE_TIME_FORMAT) ?? '',
    endAt: v.endAt?.format(DATE_TIME_FORMAT) ?? '',
    status: v.published ? 'Published' : 'Draft',
    sort: v.sort ?? 0,
  };
}
