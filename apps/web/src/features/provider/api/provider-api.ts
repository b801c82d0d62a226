import type {
  ProviderEndpointRequest,
  ProviderList,
  ProviderOfferingRequest,
  ProviderSecret,
  ProviderStatusRequest,
  Reconciliation,
  ReconciliationRequest,
} from '@agent-bo/shared';
import { api } from '../../../lib/api';

const P = '/manage/provider';

export const providerApi = {
  list: (signal?: AbortSignal) => api.post<ProviderList>(`${P}/list`, {}, { signal }),
  changeStatus: (body: ProviderStatusRequest) => api.post<null>(`${P}/change_status`, body, { successMessage: true }),
  setOffering: (body: ProviderOfferingRequest) => api.post<null>(`${P}/set_site_offering`, body, { successMessage: true }),
  /** The one answer that carries the secret: the screen shows it once and keeps it nowhere. */
  rotateSecret: (code: string) => api.post<ProviderSecret>(`${P}/rotate_secret`, { code }),
  /** This site's endpoint at the provider; null clears it. */
  changeEndpoint: (body: ProviderEndpointRequest) => api.post<null>(`${P}/change_endpoint`, body, { successMessage: true }),
  reconciliation: (body: ReconciliationRequest, signal?: AbortSignal) => api.post<Reconciliation>(`${P}/reconciliation`, body, { signal }),
};

export const providerKeys = {
  list: ['provider', 'list'] as const,
  reconciliation: (code: string, date: string) => ['provider', 'reconciliation', code, date] as const,
};
