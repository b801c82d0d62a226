import type { AddressListKind, AddressListPicture } from '@agent-bo/shared';
import { api } from '../../../lib/api';

/** The address lists that apply to an agent or a shadow, and setting its own (issue 33). */
export const addressListApi = {
  read: (kind: AddressListKind, id: number, signal?: AbortSignal) =>
    api.post<AddressListPicture>(`/manage/${kind}/address_list`, { id }, { signal }),
  /** The drawer shows a refused entry on its field, so the client does not toast failures here. */
  change: (kind: AddressListKind, id: number, cidrs: string[]) =>
    api.post<AddressListPicture>(`/manage/${kind}/change_address_list`, { id, cidrs }, { errorMessageMode: 'none' }),
};

export const addressListKey = (kind: AddressListKind, id: number) => ['member', 'addressList', kind, id] as const;
