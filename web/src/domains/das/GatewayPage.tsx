import { KeyOutlined, PlusOutlined } from '@ant-design/icons';
import { Badge, Button, Popconfirm } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../app/session';
import { useEntityMeta } from '../../resources/api';
import { ResourceForm } from '../../resources/ResourceForm';
import { ResourceListPage } from '../../resources/ResourceListPage';
import { rotateSecret } from './api';
import { SecretDialog } from './SecretDialog';

/** /das/gateway: gateways with their online state; a new gateway's secret, and a rotated one, shown once. */
export default function GatewayPage() {
  const { t } = useTranslation('das');
  const { data: meta } = useEntityMeta('gateway');
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<{ clientId: string; secret: string } | null>(null);
  return (
    <>
      <ResourceListPage
        entity="gateway"
        toolbarExtra={() =>
          hasPermission('das:gateway:add') ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="gateway-add">
              {t('gateway.add')}
            </Button>
          ) : null
        }
        rowActions={(row, ctx) => (
          <>
            <Badge
              status={row.online ? 'success' : 'default'}
              text={row.online ? t('gateway.online') : t('gateway.offline')}
            />
            {hasPermission('das:gateway:rotate') && (
              <Popconfirm
                title={t('gateway.rotateConfirm')}
                onConfirm={async () => {
                  setSecret(await rotateSecret(Number(row.id)));
                  await ctx.refresh();
                }}
              >
                <Button type="link" size="small" icon={<KeyOutlined />} data-testid="gateway-rotate">
                  {t('gateway.rotate')}
                </Button>
              </Popconfirm>
            )}
          </>
        )}
      />
      {creating && meta && (
        <ResourceForm
          meta={{ ...meta, paths: { ...meta.paths, save: '/api-das/gateway/save' } }}
          mode="create"
          id={null}
          onClose={() => setCreating(false)}
          onSaved={(row) => {
            setCreating(false);
            setSecret({ clientId: String(row.clientId), secret: String(row.secret) });
          }}
        />
      )}
      <SecretDialog value={secret} onClose={() => setSecret(null)} />
    </>
  );
}
