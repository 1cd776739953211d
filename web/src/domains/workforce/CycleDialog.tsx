import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../platform/ui/feedback';
import { type Cycle, type Shift, saveCycle } from './api';

const REST = 'rest';

interface Props {
  cycle: Cycle | null;
  shifts: Shift[];
  onClose: () => void;
  onSaved: () => void;
}

/** Creates or edits a cycle: its name and its days in order, each a shift or a rest day. */
export function CycleDialog({ cycle, shifts, onClose, onSaved }: Props) {
  const { t } = useTranslation('workforce');
  const { t: tr } = useTranslation('resources');
  const [name, setName] = useState(cycle?.name ?? '');
  const [remark, setRemark] = useState(cycle?.remark ?? '');
  const [days, setDays] = useState<(number | null)[]>(cycle?.days ?? [shifts[0]?.id ?? null]);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const options = [
    ...shifts.map((s) => ({ value: String(s.id), label: `${s.name} ${s.startTime}-${s.endTime}` })),
    { value: REST, label: t('scheduling.cycle.rest') },
  ];

  const submit = async () => {
    if (!name.trim()) return setError(t('scheduling.cycle.nameRequired'));
    if (days.length === 0) return setError(t('scheduling.cycle.daysRequired'));
    setSaving(true);
    try {
      await saveCycle({ ...(cycle ? { id: cycle.id } : {}), name: name.trim(), days, remark: remark || null });
      toast('success', tr('messages.saved'));
      onSaved();
    } catch {
      // The HTTP client has shown the server's reason (a name already used, a shift deleted meanwhile).
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      width={720}
      title={cycle ? t('scheduling.cycle.edit') : t('scheduling.cycle.add')}
      onCancel={onClose}
      onOk={submit}
      okText={tr('actions.save')}
      cancelText={tr('actions.cancel')}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'cycle-save' } as Record<string, string>}
      data-testid="cycle-dialog"
    >
      <Form layout="vertical">
        <Form.Item label={t('scheduling.cycle.name')} required>
          <Input value={name} maxLength={100} onChange={(e) => setName(e.target.value)} data-testid="cycle-name" />
        </Form.Item>
        <Form.Item label={t('scheduling.cycle.days')} required>
          <div className="cycle-days">
            {days.map((d, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the days of a cycle are positional
              <div className="cycle-day" key={i}>
                <Typography.Text type="secondary">{t('scheduling.cycle.day', { n: i + 1 })}</Typography.Text>
                <Select
                  value={d === null ? REST : String(d)}
                  options={options}
                  popupMatchSelectWidth={false}
                  onChange={(v) => setDays(days.map((x, j) => (j === i ? (v === REST ? null : Number(v)) : x)))}
                  data-testid={`cycle-day-${i}`}
                />
                <Button
                  size="small"
                  type="text"
                  icon={<DeleteOutlined />}
                  disabled={days.length === 1}
                  onClick={() => setDays(days.filter((_, j) => j !== i))}
                  aria-label={tr('actions.delete')}
                />
              </div>
            ))}
            <Button
              icon={<PlusOutlined />}
              onClick={() => setDays([...days, days[days.length - 1] ?? null])}
              disabled={days.length >= 62}
              data-testid="cycle-add-day"
            >
              {t('scheduling.cycle.addDay')}
            </Button>
          </div>
        </Form.Item>
        <Form.Item label={t('scheduling.cycle.remark')}>
          <Input.TextArea rows={2} maxLength={500} value={remark} onChange={(e) => setRemark(e.target.value)} />
        </Form.Item>
        {error && <Typography.Text type="danger">{error}</Typography.Text>}
      </Form>
    </Modal>
  );
}
