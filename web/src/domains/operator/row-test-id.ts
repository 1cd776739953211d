import type { HTMLAttributes } from 'react';

/** Row props that name a table row for the browser tests (antd's onRow type has no data attributes). */
export const rowTestId = (id: string) => ({ 'data-testid': id }) as HTMLAttributes<HTMLElement>;
