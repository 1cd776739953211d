import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider } from 'antd';
import { type ReactNode, useEffect, useMemo, useSyncExternalStore } from 'react';
import { langStore } from '../platform/i18n';
import { registerFeedback } from '../platform/ui/feedback';
import { useReducedMotion } from '../platform/ui/useMediaQuery';
import { theme } from './theme';

export const queryClient = new QueryClient({
  defaultOptions: {
    // The HTTP client has already told the user about a failure; retrying would repeat the message.
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

function FeedbackBridge() {
  const api = AntdApp.useApp();
  useEffect(() => {
    registerFeedback(api);
    return () => registerFeedback(null);
  }, [api]);
  return null;
}

/**
 * Query client, antd theme and locale (following the language and the system's reduced-motion setting), antd's
 * context-aware feedback.
 */
export function Providers({ children }: { children: ReactNode }) {
  const { antdLocale } = useSyncExternalStore(langStore.subscribe, langStore.get, langStore.get);
  const reducedMotion = useReducedMotion();
  const themed = useMemo(
    () => (reducedMotion ? { ...theme, token: { ...theme.token, motion: false } } : theme),
    [reducedMotion],
  );
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={antdLocale} theme={themed} componentSize="middle">
        <AntdApp message={{ maxCount: 3 }} notification={{ placement: 'topRight' }}>
          <FeedbackBridge />
          {children}
        </AntdApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
