import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { useState } from 'react';
import { getData } from '../platform/http/client';

const DISMISSED_KEY = 'noticeDismissed';

interface Notice {
  id: number | string;
  content: string;
}

/** Dismissible warning banner with the latest system announcement (spec 2.3). */
export function AnnouncementBanner() {
  const { data } = useQuery({
    queryKey: ['notice', 'latest'],
    queryFn: () => getData<Notice | null>('/api-user/feedback/getLatestSysNotice'),
    staleTime: 5 * 60_000,
  });
  const [dismissed, setDismissed] = useState(() => localStorage.getItem(DISMISSED_KEY));
  if (!data?.content || String(data.id) === dismissed) return null;
  return (
    <Alert
      type="warning"
      banner
      showIcon
      className="announcement"
      title={data.content}
      closable={{
        onClose: () => {
          localStorage.setItem(DISMISSED_KEY, String(data.id));
          setDismissed(String(data.id));
        },
      }}
      data-testid="announcement"
    />
  );
}
