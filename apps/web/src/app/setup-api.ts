import { api } from '../lib/api';
import { showErrorModal, showToast } from '../lib/feedback';
import { i18n, toLanguageTag } from '../lib/i18n';
import { loginHref, navigateTo } from '../stores/navigation';
import { resetSessionState } from '../stores/session';
import { useLocaleStore } from '../stores/locale-store';
import { useUserStore } from '../stores/user-store';
import { coverExpiredSession, useSessionTimeoutStore } from '../stores/session-timeout-store';

/** Wires the API client to the session, the locale, the message UI and the 401 sign-out. */
export function setupApi(): void {
  api.configure({
    getToken: () => useUserStore.getState().token,
    getLanguage: () => toLanguageTag(useLocaleStore.getState().locale),
    translate: (key, options) => i18n.t(key, options),
    notify: (notice) => {
      if (notice.mode === 'modal') showErrorModal(i18n.t('http:errorTitle'), notice.content);
      else
        showToast({
          type: notice.type,
          content: notice.content,
          key: notice.key,
          duration: notice.durationSeconds,
          keepOnRouteChange: notice.keepOnRouteChange,
        });
    },
    // A call refused until the session changes its password or enrols a second factor, whatever
    // page made it: the guard then shows the step's page instead.
    onSessionStep: (step) => {
      const { userInfo, setUserInfo } = useUserStore.getState();
      if (userInfo && userInfo.sessionStep !== step) setUserInfo({ ...userInfo, sessionStep: step });
    },
    onUnauthorized: () => {
      // PAGE_COVERAGE with a signed-in page showing: keep the page, cover it with a sign-in.
      if (coverExpiredSession()) return;
      const here = `${window.location.pathname}${window.location.search}`;
      api.cancelPending();
      resetSessionState();
      navigateTo(loginHref(here), true);
    },
  });
  // A session ending (sign-out, a route jump, the cover's "to login") or a new one arriving
  // (a sign-in here or in another tab) ends the wait on the cover; a new token re-arms the 401
  // handling, which fires once per session.
  useUserStore.subscribe((state, previous) => {
    if (state.token === previous.token) return;
    useSessionTimeoutStore.getState().close();
    if (state.token) api.resetUnauthorized();
  });
}
