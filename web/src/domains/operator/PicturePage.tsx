import { UploadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Image, Popconfirm, Radio, Space, Tag, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../app/session';
import { type Envelope, getBaseUrl, http } from '../../platform/http/client';
import { toast } from '../../platform/ui/feedback';
import { addPicture, choosePicture, deletePicture, pictures, type SysPicture } from './api';
import './operator.css';

type Kind = SysPicture['kind'];

/** /operatesys/picture: login backgrounds and banners: upload, choose the one shown, remove. */
export default function PicturePage() {
  const { t } = useTranslation('operator');
  const [kind, setKind] = useState<Kind>('login');
  const list = useQuery({ queryKey: ['op-pictures'], queryFn: pictures });
  const shown = (list.data ?? []).filter((p) => p.kind === kind);
  const [busy, setBusy] = useState(false);

  const upload = async (file: File) => {
    setBusy(true);
    try {
      const form = new FormData();
      form.append('file', file);
      const up = await http.post<Envelope<{ id: number; name: string }>>('/api-file/files/upload', form);
      await addPicture({ kind, fileId: up.data.id, name: up.data.name, chosen: shown.length === 0 });
      toast('success', t('messages.saved'));
      await list.refetch();
    } catch {
      // Shown by the client.
    } finally {
      setBusy(false);
    }
  };
  const act = async (fn: () => Promise<unknown>, done: string) => {
    try {
      await fn();
      toast('success', done);
    } finally {
      await list.refetch();
    }
  };

  return (
    <Card size="small" data-testid="picture-page">
      <Space wrap className="op-toolbar">
        <Radio.Group
          optionType="button"
          value={kind}
          onChange={(e) => setKind(e.target.value)}
          options={[
            { value: 'login', label: t('picture.kind.login') },
            { value: 'banner', label: t('picture.kind.banner') },
          ]}
        />
        {hasPermission('operatesys:picture:add') && (
          <Upload accept="image/*" showUploadList={false} customRequest={({ file }) => void upload(file as File)}>
            <Button icon={<UploadOutlined />} loading={busy} data-testid="picture-upload">
              {t('picture.upload')}
            </Button>
          </Upload>
        )}
      </Space>
      {shown.length ? (
        <div className="op-pictures">
          {shown.map((p) => (
            <Card
              key={p.id}
              size="small"
              data-testid="picture-card"
              cover={
                <Image src={`${getBaseUrl()}${p.url}`} alt={p.name ?? ''} height={140} style={{ objectFit: 'cover' }} />
              }
              actions={[
                p.chosen ? (
                  <Tag key="chosen" color="green">
                    {t('picture.chosen')}
                  </Tag>
                ) : (
                  hasPermission('operatesys:picture:edit') && (
                    <Button
                      key="choose"
                      type="link"
                      size="small"
                      onClick={() => act(() => choosePicture(p.id), t('messages.saved'))}
                    >
                      {t('picture.choose')}
                    </Button>
                  )
                ),
                hasPermission('operatesys:picture:delete') && (
                  <Popconfirm
                    key="delete"
                    title={t('picture.confirmDelete')}
                    onConfirm={() => act(() => deletePicture(p.id), t('messages.deleted'))}
                  >
                    <Button type="link" size="small" danger>
                      {t('actions.delete')}
                    </Button>
                  </Popconfirm>
                ),
              ].filter(Boolean)}
            >
              <Card.Meta description={p.name} />
            </Card>
          ))}
        </div>
      ) : (
        <Empty description={t('picture.none')} />
      )}
    </Card>
  );
}
