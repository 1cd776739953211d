import { CameraOutlined, ScanOutlined } from '@ant-design/icons';
import { Button, Card, Input, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Envelope, http } from '../../platform/http/client';
import { toast } from '../../platform/ui/feedback';
import { barcodeDetector, codeInPhoto, readScan } from './scan-code';
import { TaskDrawer } from './TaskDrawer';
import { MineList } from './TaskPage';
import './check.css';

/** The code of the machine a label's link names. */
const machineCode = async (id: number): Promise<string> =>
  String((await http.get<Envelope<{ code: string }>>('/api-manage/equipment/get', { id })).data.code);

/**
 * /maintain/byScan: the machine's code is scanned (a hand scanner types into the box, the camera button reads a
 * photo of the label where the browser can) or typed; its open tasks for me show, and one opens. The page says
 * how, and what comes next.
 */
export default function ByScanPage() {
  const { t } = useTranslation('check');
  const [text, setText] = useState('');
  const [code, setCode] = useState('');
  const [open, setOpen] = useState<number | null>(null);
  const photo = useRef<HTMLInputElement>(null);
  const camera = barcodeDetector() !== null;

  const find = async (value: string) => {
    const scanned = readScan(value);
    if (!scanned) return;
    try {
      const found = 'id' in scanned ? await machineCode(scanned.id) : scanned.code;
      setText(found);
      setCode(found);
    } catch {
      // The HTTP client has said why (the machine is gone, or not the reader's to see).
    }
  };

  const readPhoto = async (file: File | undefined) => {
    if (!file) return;
    const value = await codeInPhoto(file).catch(() => null);
    if (value) await find(value);
    else toast('warning', t('scan.noCodeInPhoto'));
  };

  return (
    <div className="by-scan" data-testid="by-scan">
      <Card size="small" className="by-scan__help" data-testid="by-scan-help">
        <Typography.Paragraph strong>{t('scan.intro')}</Typography.Paragraph>
        <ol className="by-scan__steps">
          <li>{t('scan.stepScan')}</li>
          <li>{t('scan.stepList')}</li>
          <li>{t('scan.stepOpen')}</li>
        </ol>
      </Card>
      <Input.Search
        autoFocus
        allowClear
        size="large"
        value={text}
        onChange={(e) => setText(e.target.value)}
        enterButton={
          <>
            <ScanOutlined /> {t('scan.find')}
          </>
        }
        placeholder={t('scan.placeholder')}
        aria-label={t('scan.placeholder')}
        onSearch={(v) => void find(v)}
        data-testid="check-scan-code"
      />
      {camera ? (
        <>
          <Button
            size="large"
            icon={<CameraOutlined />}
            onClick={() => photo.current?.click()}
            data-testid="check-scan-camera"
          >
            {t('scan.camera')}
          </Button>
          <input
            ref={photo}
            type="file"
            accept="image/*"
            capture="environment"
            hidden
            onChange={(e) => {
              void readPhoto(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </>
      ) : (
        <Typography.Text type="secondary" data-testid="check-scan-no-camera">
          {t('scan.noCamera')}
        </Typography.Text>
      )}
      {code && (
        <section data-testid="check-scan-result">
          <Typography.Title level={5}>{t('scan.tasksOf', { code })}</Typography.Title>
          <MineList kind={null} code={code} onOpen={setOpen} empty={t('scan.none', { code })} />
        </section>
      )}
      {open && <TaskDrawer id={open} onClose={() => setOpen(null)} />}
    </div>
  );
}
