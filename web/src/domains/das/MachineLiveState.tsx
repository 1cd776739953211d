import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { hasPermission } from '../../app/session';
import { fetchOfEquipment, STATE_COLORS } from './api';
import { devicePath } from './paths';

/** On a ledger machine's record: its connected device's live state and a link to it (nothing when not connected). */
export function MachineLiveState({ equipmentId }: { equipmentId: number }) {
  const { t } = useTranslation('das');
  const navigate = useNavigate();
  const { data } = useQuery({
    queryKey: ['das-of-equipment', equipmentId],
    queryFn: () => fetchOfEquipment(equipmentId),
    refetchInterval: 15_000,
  });
  if (!data) return null;
  return (
    <span className="das-device-head" data-testid="machine-live-state">
      <Badge
        status={data.online ? 'success' : 'default'}
        text={data.online ? t('gateway.online') : t('gateway.offline')}
      />
      {data.state && <Tag color={STATE_COLORS[data.state]}>{t(`states.${data.state}`)}</Tag>}
      {hasPermission('das:device:view') && (
        <Button
          type="link"
          size="small"
          onClick={() => navigate(devicePath(data.id))}
          data-testid="machine-device-link"
        >
          {t('device.link', { code: data.code })}
        </Button>
      )}
    </span>
  );
}
