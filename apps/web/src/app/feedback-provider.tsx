import { ConfigProvider } from 'antd';
import AppContext, { type useAppProps } from 'antd/es/app/context';
import useAppStyle from 'antd/es/app/style';
import type { MessageInstance, MessageType } from 'antd/es/message/interface';
import type { ConfigUpdate } from 'antd/es/modal/confirm';
import type { HookAPI as ModalApi, ModalFuncWithPromise } from 'antd/es/modal/useModal';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { createContext, lazy, Suspense, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { bindFeedback, type FeedbackApi } from '../lib/feedback';
import type { FeedbackInstances } from './feedback-holders';

const FeedbackHolders = lazy(() => import('./feedback-holders'));

type ModalHandle = ReturnType<ModalFuncWithPromise>;

interface LazyFeedback extends FeedbackApi {
  /** Called by the holders once they are mounted. */
  ready: (instances: FeedbackInstances) => void;
  /** Asks for the holders without showing anything. */
  preload: () => void;
}

/**
 * Message, modal and notification instances that stand in for antd's until its holders have
 * loaded: the first call asks for them (`request`) and is carried out once they are there, calls
 * in the order made. Closing something before then cancels it.
 */
function createLazyFeedback(request: () => void): LazyFeedback {
  let loaded: FeedbackInstances | null = null;
  let requested = false;
  let queue: ((instances: FeedbackInstances) => void)[] = [];
  const preload = () => {
    if (requested) return;
    requested = true;
    request();
  };
  const later = (run: (instances: FeedbackInstances) => void) => {
    if (loaded) return run(loaded);
    queue.push(run);
    preload();
  };
  /** Closing calls: nothing to close while nothing was asked for. */
  const laterIfRequested = (run: (instances: FeedbackInstances) => void) => {
    if (loaded || requested) later(run);
  };

  const toast = (open: (message: MessageInstance) => MessageType): MessageType => {
    if (loaded) return open(loaded.message);
    let shown: MessageType | null = null;
    let closed = false;
    // Resolves with nothing once the toast is shown (or dropped): resolving with antd's toast,
    // itself a thenable, would make this promise wait for the toast to close and take its value.
    const opened = new Promise<void>((resolve) =>
      later((instances) => {
        if (!closed) shown = open(instances.message);
        resolve();
      }),
    );
    const close = (() => {
      if (shown) shown();
      else closed = true;
    }) as MessageType;
    // Settles as antd's does: when the toast closes (at once for one closed before it showed).
    const closing = opened.then(() => {
      const m = shown;
      return m ? new Promise<boolean>((resolve, reject) => m.then(resolve, reject)) : true;
    });
    close.then = (onClosed, onFailed) => closing.then(onClosed, onFailed);
    return close;
  };
  const message: MessageInstance = {
    open: (args) => toast((m) => m.open(args)),
    info: (...args) => toast((m) => m.info(...args)),
    success: (...args) => toast((m) => m.success(...args)),
    error: (...args) => toast((m) => m.error(...args)),
    warning: (...args) => toast((m) => m.warning(...args)),
    loading: (...args) => toast((m) => m.loading(...args)),
    destroy: (key) => laterIfRequested((instances) => instances.message.destroy(key)),
  };

  const openModal =
    (kind: keyof ModalApi): ModalFuncWithPromise =>
    (config) => {
      if (loaded) return loaded.modal[kind](config);
      let handle: ModalHandle | null = null;
      let destroyed = false;
      const updates: ConfigUpdate[] = [];
      // Resolves with nothing once the modal is open (or dropped), not with the handle: antd's
      // handle is a thenable, and resolving with it would wait for the modal to close.
      const opened = new Promise<void>((resolve) =>
        later((instances) => {
          if (!destroyed) {
            handle = instances.modal[kind](config);
            for (const update of updates) handle.update(update);
          }
          resolve();
        }),
      );
      return {
        destroy: () => {
          if (handle) handle.destroy();
          else destroyed = true;
        },
        update: (update) => {
          if (handle) handle.update(update);
          else updates.push(update);
        },
        // Settles as antd's does: when the modal closes (never for one closed before it opened).
        then: (resolve, reject) =>
          opened.then(() => {
            const h = handle;
            return h ? h.then(resolve, reject) : new Promise<never>(() => undefined);
          }),
      };
    };
  const modal: ModalApi = {
    info: openModal('info'),
    success: openModal('success'),
    error: openModal('error'),
    warning: openModal('warning'),
    confirm: openModal('confirm'),
  };

  const notice =
    (kind: Exclude<keyof NotificationInstance, 'destroy'>): NotificationInstance[typeof kind] =>
    (config) =>
      later((instances) => instances.notification[kind](config));
  const notification: NotificationInstance = {
    open: notice('open'),
    success: notice('success'),
    error: notice('error'),
    info: notice('info'),
    warning: notice('warning'),
    destroy: (key) => laterIfRequested((instances) => instances.notification.destroy(key)),
  };

  return {
    message,
    modal,
    notification,
    destroyAllModals: () => laterIfRequested((instances) => instances.destroyAllModals()),
    preload,
    ready: (instances) => {
      loaded = instances;
      const waiting = queue;
      queue = [];
      for (const run of waiting) run(instances);
    },
  };
}

/** Asks for the holders (no-op once asked). */
const LoadHoldersContext = createContext<() => void>(() => undefined);

/**
 * Loads the message, modal and notification code now rather than on first use: the signed-in
 * layout calls it, so that a toast or a confirmation there shows at once, as before.
 */
export function usePreloadFeedback(): void {
  const load = useContext(LoadHoldersContext);
  useEffect(() => load(), [load]);
}

/** Hands the instances to code outside React (`lib/feedback.ts`). */
function FeedbackBridge({ api }: { api: FeedbackApi }) {
  useEffect(() => {
    bindFeedback(api);
  }, [api]);
  return null;
}

/**
 * What antd's `App` component provides (`App.useApp()`'s message, modal and notification, and the
 * root element that carries the theme's CSS variables and base text style), with the code of the
 * message, modal and notification loaded on first use rather than with the login page.
 */
export function FeedbackProvider({ children }: { children: ReactNode }) {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const prefixCls = getPrefixCls('app');
  const [hashId, cssVarCls] = useAppStyle(prefixCls);
  const [holdersWanted, setHoldersWanted] = useState(false);
  const feedback = useMemo(() => createLazyFeedback(() => setHoldersWanted(true)), []);
  const context = useMemo<useAppProps>(
    () => ({ message: feedback.message, modal: feedback.modal, notification: feedback.notification }),
    [feedback],
  );

  return (
    <AppContext.Provider value={context}>
      <LoadHoldersContext.Provider value={feedback.preload}>
        <div className={[hashId, prefixCls, cssVarCls].filter(Boolean).join(' ')}>
          {holdersWanted ? (
            <Suspense fallback={null}>
              <FeedbackHolders onReady={feedback.ready} />
            </Suspense>
          ) : null}
          <FeedbackBridge api={feedback} />
          {children}
        </div>
      </LoadHoldersContext.Provider>
    </AppContext.Provider>
  );
}
