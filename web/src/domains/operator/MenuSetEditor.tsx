import { useQuery } from '@tanstack/react-query';
import { Button, Space } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../platform/ui/feedback';
import type { PlatformMenu } from './api';
import { leafMenuIds, MenuChecklist } from './MenuChecklist';

/** Runs an action of the editor: shows its message, refreshes, and keeps the buttons busy meanwhile. */
export type MenuSetRun = (fn: () => Promise<string>) => Promise<void>;

/**
 * A set of menus (a version's, a role template's) as a checkable tree with its save button; `extra` adds other
 * actions beside it (a version's push to its companies).
 */
export function MenuSetEditor({
  queryKey,
  load,
  save,
  can,
  testId,
  saveLabel,
  onChanged,
  extra,
}: {
  queryKey: readonly unknown[];
  load: () => Promise<{ menuIds: string[]; menus: PlatformMenu[] }>;
  save: (leafIds: string[]) => Promise<unknown>;
  can: boolean;
  /** `<testId>` on the editor, `<testId>-save` on its save button. */
  testId: string;
  saveLabel: string;
  onChanged: () => void;
  extra?: (run: MenuSetRun, busy: boolean) => ReactNode;
}) {
  const { t } = useTranslation('operator');
  const menus = useQuery({ queryKey, queryFn: load });
  const [checked, setChecked] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (menus.data) setChecked(leafMenuIds(menus.data.menus, new Set(menus.data.menuIds)));
  }, [menus.data]);
  const run: MenuSetRun = async (fn) => {
    setBusy(true);
    try {
      toast('success', await fn());
      onChanged();
      await menus.refetch();
    } catch {
      // Shown by the client.
    } finally {
      setBusy(false);
    }
  };
  return (
    <div data-testid={testId}>
      <Space wrap className="op-toolbar">
        <Button
          type="primary"
          disabled={!can}
          loading={busy}
          onClick={() =>
            run(async () => {
              await save(checked);
              return t('messages.saved');
            })
          }
          data-testid={`${testId}-save`}
        >
          {saveLabel}
        </Button>
        {extra?.(run, busy)}
      </Space>
      <MenuChecklist
        menus={menus.data?.menus}
        checked={checked}
        onChange={setChecked}
        loading={menus.isLoading}
        disabled={!can}
      />
    </div>
  );
}
