import { ScanOutlined } from '@ant-design/icons';
import { Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TaskDrawer } from './TaskDrawer';
import { MineList } from './TaskPage';

/**
 * /maintain/byScan: a scanner (or a person) types the machine's code; its open tasks for me show, and one opens.
 * A phone's scanner app that types into the focused box works as is.
 */
export default function ByScanPage() {
  const { t } = useTranslation('check');
  const [code, setCode] = useState('');
  const [open, setOpen] = useState<number | null>(null);
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Input.Search
        autoFocus
        allowClear
        enterButton={<ScanOutlined />}
        placeholder={t('scan.placeholder')}
        onSearch={(v) => setCode(v.trim())}
        data-testid="check-scan-code"
      />
      {code && <MineList kind={null} code={code} onOpen={setOpen} />}
      {open && <TaskDrawer id={open} onClose={() => setOpen(null)} />}
    </Space>
  );
}
